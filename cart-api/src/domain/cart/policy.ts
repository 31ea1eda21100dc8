import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { delegatingPolicy } from '../../policies/rules.js';
import { cartItemUser } from './queries.js';

export const CART_MESSAGES = {
  notFound: 'Cart item not found',
  actionItemNotFound: 'Action item not found',
  alreadyInCart: 'This document is already in your cart: open it there to change it',
  renewalInCart: 'A renewal of this document is already in your cart: open it there to change it',
  partnerFixed: 'The strategic partner of this document cannot change',
  purchaseRunning: 'Your order is being processed: your cart cannot change until it has finished',
} as const;

/** `cart-item`: through its user (whose cart or saved-for-later list holds it). */
export function cartItemPolicy(db: Kysely<Database>, user: Policy): Policy {
  return delegatingPolicy((id) => cartItemUser(db, id), user, CART_MESSAGES.notFound);
}
