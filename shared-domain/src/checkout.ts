/** Checkout's constants and texts (specs/1-foundation.md §2 "Shopping cart", "Checkout", §5, §9). */

export const PAYMENT_TYPES = ['Credit Card', 'ACH'] as const;
export const CARD_COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
] as const;
/** §9: the current year and the next 10. */
export const CARD_EXPIRY_YEAR_COUNT = 11;

export const CHECKOUT_MESSAGES = {
  confirmRemove: (product: string) => `Are you sure you want to remove ${product} from your cart?`,
  processing: 'Please wait while we process your order',
  pressOnce: 'Please press the Process Payment button only once.',
  neverStored:
    'Your card information is sent encrypted and is never stored: only its last four digits appear on your receipt.',
  paymentFailed: 'Your payment could not be processed',
} as const;

/** The promo-code screens' toasts (specs/3-admin.md §8), word for word. */
export const PROMO_CODE_MESSAGES = {
  saved: 'Promo code saved',
  deleted: 'Record has been deleted',
} as const;
