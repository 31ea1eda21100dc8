import type { PromoCodePayload } from '../api/create-promo-code.js';
import type { PromoCode } from '../api/get-promo-codes.js';

/** The discount amount type of the editor (specs/3-admin.md §5): dollars off, or a percentage. */
export type AmountType = '$' | '%';
export type DiscountType = PromoCodePayload['type'];

export const AMOUNT_TYPES: ReadonlyArray<{ value: AmountType; label: string }> = [
  { value: '$', label: '$' },
  { value: '%', label: '%' },
];
export const DISCOUNT_TYPES: ReadonlyArray<{ value: DiscountType; label: string }> = [
  { value: 'Product', label: 'Product' },
  { value: 'Total', label: 'Total' },
];

/** The label of the value field: it names what the $/% choice will send. */
export const valueLabel = (amountType: AmountType) => (amountType === '$' ? 'Amount' : 'Percentage');

/** The editor's fields as typed: amounts are texts until saved; '' is "not given". */
export interface PromoCodeFormValues {
  code: string;
  amountType: AmountType;
  value: string;
  maxDollarAmount: string;
  /** YYYY-MM-DD (DateField's value). */
  startDate: string;
  endDate: string;
  /** '' is All products. */
  productId: string;
  type: DiscountType;
}

/** The server's limits (cart-api DiscountBody): a code's characters, the largest amount in dollars. */
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const CODE_MAX_LENGTH = 50;
export const MAX_DOLLARS = 100_000;

const dollarsText = (dollars: number | null) =>
  dollars === null ? '' : Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2);

export const BLANK_PROMO_CODE: PromoCodeFormValues = {
  code: '',
  amountType: '%',
  value: '',
  maxDollarAmount: '',
  startDate: '',
  endDate: '',
  productId: '',
  type: 'Total',
};

export function formValuesOf(promoCode: PromoCode): PromoCodeFormValues {
  const amountType: AmountType = promoCode.amount !== null ? '$' : '%';
  return {
    code: promoCode.code,
    amountType,
    value: amountType === '$' ? dollarsText(promoCode.amount) : String(promoCode.percentage ?? ''),
    maxDollarAmount: dollarsText(promoCode.maxDollarAmount),
    startDate: promoCode.startDate,
    endDate: promoCode.endDate,
    productId: promoCode.productId ?? '',
    type: promoCode.type,
  };
}

/** The body of POST discount: the $/% choice decides which of amount and percentage is sent, the other null. */
export function payloadOf(values: PromoCodeFormValues): PromoCodePayload {
  const value = Number(values.value);
  return {
    code: values.code.trim(),
    percentage: values.amountType === '%' ? value : null,
    amount: values.amountType === '$' ? value : null,
    maxDollarAmount: values.maxDollarAmount.trim() === '' ? null : Number(values.maxDollarAmount),
    startDate: values.startDate,
    endDate: values.endDate,
    productId: values.productId === '' ? null : values.productId,
    type: values.type,
  };
}

const DOLLARS = /^\d+(\.\d{1,2})?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function dollarsProblem(text: string, label: string): string | undefined {
  if (!DOLLARS.test(text)) return `${label} must be a dollar amount, such as 25 or 25.50`;
  const dollars = Number(text);
  if (dollars <= 0) return `${label} must be more than $0.00`;
  if (dollars > MAX_DOLLARS) return `${label} must not exceed $100,000.00`;
  return undefined;
}

/** The checks the editor makes before it sends (the server checks them again, and more). */
export function validatePromoCode(values: PromoCodeFormValues) {
  const errors: Partial<Record<keyof PromoCodeFormValues, string>> = {};
  const code = values.code.trim();
  if (code === '') errors.code = 'Code is required';
  else if (!CODE_PATTERN.test(code) || code.length > CODE_MAX_LENGTH) {
    errors.code = 'Code may contain only letters, digits, - and _ (50 at most)';
  }

  const label = valueLabel(values.amountType);
  const value = values.value.trim();
  if (value === '') errors.value = `${label} is required`;
  else if (values.amountType === '%') {
    if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 100) {
      errors.value = 'Percentage must be a whole number from 1 to 100';
    }
  } else {
    const problem = dollarsProblem(value, label);
    if (problem) errors.value = problem;
  }

  const maximum = values.maxDollarAmount.trim();
  if (maximum !== '') {
    const problem = dollarsProblem(maximum, 'Maximum dollar amount');
    if (problem) errors.maxDollarAmount = problem;
  }

  // A text that names no date is DateField's own error; only two dates are compared.
  if (values.startDate === '') errors.startDate = 'Start Date is required';
  if (values.endDate === '') errors.endDate = 'End Date is required';
  else if (
    ISO_DATE.test(values.startDate) &&
    ISO_DATE.test(values.endDate) &&
    values.endDate < values.startDate
  ) {
    errors.endDate = 'End Date must not be before Start Date';
  }
  return errors;
}
