import { FIELD_MESSAGES } from 'shared-domain';

/**
 * The partners' catalogue (README "Where a rule lives"): the texts of the strategic partners, their
 * clients, labels and rules, one place for each. The other catalogues that need a partner's text
 * refer to these.
 */
export const PARTNERS_MESSAGES = {
  notFound: 'Strategic partner not found',
  /** `GET strategic-partner/{companyId}/client`. */
  pageRequired: 'Page and page size must be at least 1 (page=0&pageSize=0 only with export=true)',
  /** The partner's company detail and custom URL. */
  otherPartner: 'companyId must be the partner of the path',
  customUrl: 'Custom URL must not contain spaces',
  inUse: (name: string, usage: { clients: number; documents: number; cartItems: number }) =>
    `${name} cannot be deleted: it still has ${[
      [usage.clients, 'client'],
      [usage.documents, 'document'],
      [usage.cartItems, 'cart item'],
    ]
      .filter(([count]) => Number(count) > 0)
      .map(([count, what]) => `${count} ${what}${count === 1 ? '' : 's'}`)
      .join(', ')}. Move them to another partner first.`,
  /** The partner's labels of the custom identifier fields (`fields`: the fields a partner can label). */
  unknownField: (internalName: string, fields: readonly string[]) =>
    `'${internalName}' is not a field a partner can label (${fields.join(', ')})`,
  duplicateField: (internalName: string) => `'${internalName}' is listed more than once`,
  labelRequired: (internalName: string) => `Label is required for the visible field '${internalName}'`,
  /** A rule type's rows (README "Partner rules"), each problem naming its row. */
  rules: {
    productRequired: (row: number) => `Row ${row}: ${FIELD_MESSAGES.required('Product')}`,
    unknownProduct: (row: number) => `Row ${row}: the product does not exist`,
    duplicateProduct: 'A product may appear only once in a rule',
    daysPrior: (row: number, max: number) => `Row ${row}: Days prior must be a whole number from 0 to ${max}`,
    price: (row: number, label: string) =>
      `Row ${row}: ${label} must be a dollar amount of $0.00 or more (whole cents, at most $100,000.00)`,
    priceRequired: (row: number, label: string) => `Row ${row}: ${FIELD_MESSAGES.required(label)}`,
    /** The custom pricing's two prices, as the messages name them. */
    priceLabel: 'Price',
    priceWithCommissionLabel: 'Price with commission',
    commissionBelowPrice: (row: number) => `Row ${row}: Price with commission cannot be less than Price`,
    statesRequired: (row: number) =>
      `Row ${row}: ${FIELD_MESSAGES.required('States')} (comma-separated abbreviations, e.g. CA, NY)`,
    unknownStates: (row: number, states: string[]) =>
      `Row ${row}: ${states.map((state) => `'${state}'`).join(', ')} ${states.length === 1 ? 'is not a state abbreviation' : 'are not state abbreviations'} (the 50 states and DC)`,
    notOfType: (row: number, fields: string[], displayName: string) =>
      `Row ${row}: ${fields.join(', ')} ${fields.length === 1 ? 'is' : 'are'} not a field of ${displayName}`,
  },
} as const;
