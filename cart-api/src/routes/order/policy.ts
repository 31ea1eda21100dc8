import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { delegatingPolicy } from '../../policies/rules.js';
import { orderWithReceipt, orderUser } from './queries.js';

export const ORDER_NOT_FOUND = 'Order not found';

/** `order`: through its user (the one who placed it); compliance may do everything. */
export function orderPolicy(db: Kysely<Database>, user: Policy): Policy {
  return delegatingPolicy((id) => orderUser(db, id), user, ORDER_NOT_FOUND);
}

/** `receipt` (named by its order, `order/{orderId}/receipt`): a paid order's receipt, through the order. */
export function receiptPolicy(db: Kysely<Database>, order: Policy): Policy {
  return delegatingPolicy((id) => orderWithReceipt(db, id), order, 'Receipt not found');
}
