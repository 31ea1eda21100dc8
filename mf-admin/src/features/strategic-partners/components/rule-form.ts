import { US_STATE_IDS } from 'shared-domain/forms';
import type { RuleRoute, RuleRow, RuleRowPayload } from '../api/rules.js';

/** The auto-renew default (specs/3-admin.md §5, §9): 3 days; 0 means none. */
export const DEFAULT_DAYS_PRIOR = 3;

/** A rule row as the detail form holds it: texts until saved. */
export interface RuleRowValues {
  productId: string;
  daysPrior: string;
  bypass: boolean;
  price: string;
  priceWithCommission: string;
  states: string;
  linked: boolean;
}

export const blankRow = (): RuleRowValues => ({
  productId: '',
  daysPrior: String(DEFAULT_DAYS_PRIOR),
  bypass: true,
  price: '',
  priceWithCommission: '',
  states: '',
  linked: true,
});

const dollarsText = (dollars: number | undefined) =>
  dollars === undefined ? '' : Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);

export function rowValuesOf(row: RuleRow): RuleRowValues {
  return {
    ...blankRow(),
    productId: row.productId ?? '',
    daysPrior: String(row.daysPrior ?? DEFAULT_DAYS_PRIOR),
    bypass: row.bypass ?? true,
    price: dollarsText(row.price),
    priceWithCommission: dollarsText(row.priceWithCommission),
    states: row.states ?? '',
    linked: row.linked ?? true,
  };
}

/** The row of a rule type as its route takes it: only that type's fields (§3 table). */
export function rowPayloadOf(
  route: RuleRoute,
  values: RuleRowValues,
  productId: string | null,
): RuleRowPayload {
  switch (route) {
    case 'auto-renew':
      return { productId: values.productId, daysPrior: Number(values.daysPrior) };
    case 'bypass-shopping-cart':
      return { productId, bypass: values.bypass };
    case 'custom-pricing':
      return {
        productId,
        price: Number(values.price),
        priceWithCommission: Number(values.priceWithCommission),
      };
    case 'exclude-states':
      return { productId, states: values.states };
    case 'link-account-id-to-promo-code':
      return { productId, linked: values.linked };
  }
}

const DOLLARS = /^\d+(\.\d{1,2})?$/;

/** The checks the form makes before it sends (the server checks them again). */
export function rowErrors(
  route: RuleRoute,
  values: RuleRowValues,
): Partial<Record<keyof RuleRowValues, string>> {
  const errors: Partial<Record<keyof RuleRowValues, string>> = {};
  if (route === 'auto-renew') {
    if (values.productId === '') errors.productId = 'Product is required';
    if (!/^\d{1,3}$/.test(values.daysPrior.trim()) || Number(values.daysPrior) > 365) {
      errors.daysPrior = 'Days prior must be a whole number from 0 to 365';
    }
  }
  if (route === 'custom-pricing') {
    for (const [field, label] of [
      ['price', 'Price'],
      ['priceWithCommission', 'Price with commission'],
    ] as const) {
      if (values[field].trim() === '') errors[field] = `${label} is required`;
      else if (!DOLLARS.test(values[field].trim())) {
        errors[field] = `${label} must be a dollar amount of $0.00 or more, such as 199 or 199.50`;
      }
    }
  }
  if (route === 'exclude-states') {
    const items = values.states
      .split(',')
      .map((item) => item.trim().toUpperCase())
      .filter(Boolean);
    const unknown = items.filter((item) => !US_STATE_IDS.includes(item));
    if (items.length === 0) errors.states = 'States is required (comma-separated abbreviations, e.g. CA, NY)';
    else if (unknown.length > 0) errors.states = `Not state abbreviations: ${unknown.join(', ')}`;
  }
  return errors;
}
