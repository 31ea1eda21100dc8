import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { delegatingPolicy } from '../../policies/rules.js';
import { CART_MESSAGES } from './messages.js';
import { cartItemUser } from './queries.js';

/** `cart-item`: through its user (whose cart or saved-for-later list holds it). */
export function cartItemPolicy(db: Kysely<Database>, user: Policy): Policy {
  return delegatingPolicy((id) => cartItemUser(db, id), user, CART_MESSAGES.notFound);
}
