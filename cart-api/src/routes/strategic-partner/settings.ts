import type { Kysely } from 'kysely';
import { Nullable, Type, Uuid, type Static } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { partnerRules } from './rules.js';

/** The specs' default no-pay reason of a Colonial document (2-documents §3 "colonial block"). */
export const DEFAULT_NO_PAY = 'None - Document is to be paid for';

/** A reason a Colonial document is not to be paid for (N1, N2, …). */
export const NoPayOption = Type.Object({ code: Type.String(), description: Type.String() });

export const CustomIdentifier = Type.Object({ label: Type.String(), helpText: Type.String() });

/**
 * What a strategic partner changes on the order form (2-documents §1, §3, §5): the labels and help
 * text of the account id fields, the states it excludes, whether its documents bypass the cart, and
 * the Colonial block (agent number required, no-pay options).
 */
export const PartnerFormSettings = Type.Object({
  strategicPartnerId: Uuid(),
  name: Type.String(),
  bypassShoppingCart: Type.Boolean(),
  customIdentifiers: Type.Object({
    'account-id': Type.Optional(CustomIdentifier),
    'account-id-suffix': Type.Optional(CustomIdentifier),
  }),
  excludedStates: Type.Array(Type.String({ description: 'two-letter state ids' })),
  colonial: Nullable(Type.Object({ noPayOptions: Type.Array(NoPayOption), defaultNoPay: Type.String() })),
});
export type PartnerFormSettings = Static<typeof PartnerFormSettings>;

/** The order-form fields a partner may label (specs/2-documents.md §3 "customIdentifiers"). */
export const CUSTOM_IDENTIFIER_FIELDS = ['account-id', 'account-id-suffix'] as const;

/** The Colonial no-pay reasons, in their order. */
export const noPayOptions = (db: Kysely<Database>) =>
  db.selectFrom('no_pay_option').select(['code', 'description']).orderBy('position').execute();

/**
 * A partner's form settings for `productId`'s documents, or null when `strategicPartnerId` names no
 * partner: its visible labels, the rules that act on the form, and the Colonial block.
 */
export async function partnerFormSettings(
  db: Kysely<Database>,
  strategicPartnerId: string | null | undefined,
  productId: string | null = null,
): Promise<PartnerFormSettings | null> {
  if (!strategicPartnerId) return null;
  const partner = await db
    .selectFrom('company')
    .select(['company_id', 'name', 'colonial'])
    .where('company_id', '=', strategicPartnerId)
    .where('kind', '=', 'strategic-partner')
    .executeTakeFirst();
  if (!partner) return null;
  const [rules, labels] = await Promise.all([
    partnerRules(db, strategicPartnerId, productId),
    db
      .selectFrom('partner_label')
      .select(['internal_name', 'label', 'help_text'])
      .where('company_id', '=', strategicPartnerId)
      .where('visible', '=', 1)
      .execute(),
  ]);
  const customIdentifiers: PartnerFormSettings['customIdentifiers'] = {};
  for (const label of labels) {
    if ((CUSTOM_IDENTIFIER_FIELDS as readonly string[]).includes(label.internal_name)) {
      customIdentifiers[label.internal_name as (typeof CUSTOM_IDENTIFIER_FIELDS)[number]] = {
        label: label.label,
        helpText: label.help_text,
      };
    }
  }
  return {
    strategicPartnerId: partner.company_id,
    name: partner.name,
    bypassShoppingCart: rules.bypassShoppingCart,
    customIdentifiers,
    excludedStates: rules.excludedStates,
    colonial:
      Number(partner.colonial) === 1
        ? { noPayOptions: await noPayOptions(db), defaultNoPay: DEFAULT_NO_PAY }
        : null,
  };
}
