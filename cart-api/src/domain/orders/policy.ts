import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { delegatingPolicy, member } from '../../policies/rules.js';
import { ORDERS_MESSAGES } from './messages.js';
import { orderDocuments, orderWithReceipt, orderUser } from './queries.js';

/** `order`: through its user (the one who placed it); compliance may do everything. */
export function orderPolicy(db: Kysely<Database>, user: Policy): Policy {
  return delegatingPolicy((id) => orderUser(db, id), user, ORDERS_MESSAGES.notFound);
}

/**
 * `receipt` (named by its order, `order/{orderId}/receipt`): a paid order's receipt. Its purchaser
 * reads it (through the order), and so does whoever may read every one of its documents: the broker
 * who looks after the client, the client's users (an order of several clients shows each client's
 * company and price: only its purchaser and compliance read it); compliance reads and sends every one.
 */
export function receiptPolicy(db: Kysely<Database>, order: Policy, document: Policy): Policy {
  const throughOrder = delegatingPolicy(
    (id) => orderWithReceipt(db, id),
    order,
    ORDERS_MESSAGES.receiptNotFound,
  );
  return {
    ...throughOrder,
    async allows(caller, action, id) {
      if (await throughOrder.allows(caller, action, id)) return true;
      if (action !== 'read' || !member(caller) || !(await orderWithReceipt(db, id))) return false;
      const documents = await orderDocuments(db, id);
      for (const documentId of documents) {
        if (!(await document.allows(caller, 'read', documentId))) return false;
      }
      return documents.length > 0;
    },
  };
}
