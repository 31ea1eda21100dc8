/**
 * The cart's catalogue (README "Where a rule lives"): its items' refusals. A missing action item is the
 * action items' text; the promo codes' texts are the promo codes' catalogue.
 */
export const CART_MESSAGES = {
  notFound: 'Cart item not found',
  alreadyInCart: 'This document is already in your cart: open it there to change it',
  renewalInCart: 'A renewal of this document is already in your cart: open it there to change it',
  partnerFixed: 'The strategic partner of this document cannot change',
  purchaseRunning: 'Your order is being processed: your cart cannot change until it has finished',
} as const;
