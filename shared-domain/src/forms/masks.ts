/**
 * The masked values of the forms (1-foundation §5, 2-documents §5, 3-admin §5): the mask the input
 * applies (imask's notation: `0` is a digit) and the pattern the server checks, side by side so
 * they cannot drift.
 */
export const MASKS = {
  phone: {
    mask: '(000) 000-0000',
    pattern: /^\(\d{3}\) \d{3}-\d{4}$/,
    message: 'Enter a phone number as (###) ###-####',
  },
  zip: {
    mask: ['00000', '00000-0000'],
    pattern: /^\d{5}(-\d{4})?$/,
    message: 'Enter a zip code as ##### or #####-####',
  },
  taxId: { mask: '00-0000000', pattern: /^\d{2}-\d{7}$/, message: 'Enter a tax id as ##-#######' },
  aba: { mask: '000000000', pattern: /^\d{9}$/, message: 'Enter the 9-digit routing number' },
  cvv: { mask: '0000', pattern: /^\d{3,4}$/, message: 'CVV Code must be 3 or 4 digits' },
  // 15 digits in 4-6-5 (American Express: 34 or 37 first) or 16 in 4-4-4-4, chosen by the first digits.
  cardNumber: {
    mask: ['0000 000000 00000', '0000 0000 0000 0000'],
    fifteenDigits: /^3[47]/,
    pattern: /^(\d{4} \d{6} \d{5}|\d{4} \d{4} \d{4} \d{4})$/,
    message: 'Enter a card number of 15 or 16 digits',
  },
} as const;
export type MaskName = keyof typeof MASKS;

/** Numeric inputs drop non-digits and refuse values above this unless told otherwise (§5). */
export const DEFAULT_NUMERIC_MAX = 999999;
