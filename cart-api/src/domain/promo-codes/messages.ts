/**
 * The promo codes' catalogue (README "Where a rule lives"; issue 10 "Promo codes"): the editor's
 * refusals and the cart's, when a code is applied or removed. A product not found is the products'
 * text; the applied toast is shared-domain's MESSAGES.discountApplied.
 */
const wholeCents = (label: string) => `${label} must be in whole cents`;

export const PROMO_CODES_MESSAGES = {
  notFound: 'Promo code not found',
  /** The promo-code editor (specs/3-admin.md §7 Promo codes). */
  oneOfAmounts: 'Give either a percentage or an amount, not both',
  amountWholeCents: wholeCents('Amount'),
  maxAmountWholeCents: wholeCents('Maximum dollar amount'),
  endBeforeStart: 'End Date must not be before Start Date',
  codeTaken: (code: string) => `The promo code ${code} already exists`,
  /** The cart's promo code box (specs/1-foundation.md §2). */
  noCode: 'Enter a promo code',
  unknownCode: (code: string) => `The promo code ${code} does not exist`,
  expired: (code: string, endDate: string) => `The promo code ${code} expired on ${endDate}`,
  notYetValid: (code: string, startDate: string) => `The promo code ${code} is not valid until ${startDate}`,
  alreadyApplied: (code: string) => `The promo code ${code} has already been applied to your cart`,
  notApplied: (code: string) => `The promo code ${code} is not applied to your cart`,
  removed: (code: string) => `The promo code ${code} has been removed`,
} as const;
