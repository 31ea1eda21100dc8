import type { Kysely } from 'kysely';
import type { Policies, Policy } from 'service-kit';
import type { Database } from '../db/schema.js';
import { actionItemPolicy } from '../domain/action-items/policy.js';
import { clientPolicy } from '../domain/clients/policy.js';
import { companyPolicy, userLinkPolicy } from '../domain/companies/policy.js';
import { discountPolicy } from '../domain/promo-codes/policy.js';
import { documentPolicy, documentRecordPolicy } from '../domain/documents/policy.js';
import { archiveDocument } from '../domain/documents/archive.js';
import { ndtResultDocument } from '../domain/documents/ndt.js';
import { orderPolicy, receiptPolicy } from '../domain/orders/policy.js';
import { cartItemPolicy } from '../domain/cart/policy.js';
import { followingLinks, type LinkedUsersOf } from './linked-users.js';
import { userPolicy } from './user.js';

/**
 * Every resource a cart-api route may name in `config.ownership`, with its policy (README "Policies").
 * `linkedUsersOf`: identity-api's user links (cached), which widen what the document, client and
 * company rules let a caller see (README "User links"); without it, links count for nothing.
 */
export function createPolicies(db: Kysely<Database>, linkedUsersOf?: LinkedUsersOf): Policies {
  const linked = (policy: Policy) => (linkedUsersOf ? followingLinks(policy, linkedUsersOf) : policy);
  const document = linked(documentPolicy(db));
  const order = orderPolicy(db, userPolicy);
  return {
    user: userPolicy,
    document,
    client: linked(clientPolicy(db)),
    company: linked(companyPolicy(db)),
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
