import type { Kysely } from 'kysely';
import type { Policies } from 'service-kit';
import type { Database } from '../db/schema.js';
import { actionItemPolicy } from '../routes/action-item/policy.js';
import { clientPolicy } from '../routes/client/policy.js';
import { companyPolicy, userLinkPolicy } from '../routes/company/policy.js';
import { discountPolicy } from '../routes/discount/policy.js';
import { documentPolicy, documentRecordPolicy } from '../routes/epop-document/policy.js';
import { archiveDocument } from '../routes/epop-document/archive.js';
import { ndtResultDocument } from '../routes/epop-document/ndt.js';
import { orderPolicy, receiptPolicy } from '../routes/order/policy.js';
import { cartItemPolicy } from '../routes/shopping-cart/policy.js';
import { userPolicy } from './user.js';

/** Every resource a cart-api route may name in `config.ownership`, with its policy (README "Policies"). */
export function createPolicies(db: Kysely<Database>): Policies {
  const document = documentPolicy(db);
  const order = orderPolicy(db, userPolicy);
  return {
    user: userPolicy,
    document,
    client: clientPolicy(db),
    company: companyPolicy(db),
    'user-link': userLinkPolicy(db),
    'cart-item': cartItemPolicy(db, userPolicy),
    order,
    receipt: receiptPolicy(db, order, document),
    'action-item': actionItemPolicy(db, userPolicy),
    discount: discountPolicy(db),
    'ndt-result': documentRecordPolicy((id) => ndtResultDocument(db, id), document),
    'archive-item': documentRecordPolicy((id) => archiveDocument(db, id), document),
  };
}
