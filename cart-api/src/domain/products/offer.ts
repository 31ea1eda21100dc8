import { notFound, type Caller } from 'service-kit';
import { PRODUCT_CODE_EPOP, type RoleGroup } from 'shared-domain';
import type { Product } from '../../contract/product.js';
import { userPolicy } from '../../policies/user.js';
import { ACTION_ITEMS_MESSAGES } from '../action-items/messages.js';
import { actionItemPolicy } from '../action-items/policy.js';
import { actionItemById } from '../action-items/queries.js';
import { entitledPartnerId, type EntitlementDeps } from '../partners/entitlement.js';
import { PRODUCTS_MESSAGES } from './messages.js';
import { productFor } from './queries.js';

/** What `GET product/epop/{userId}` is asked: the partner the document is sold through, an invite. */
export interface OfferQuery {
  strategicPartnerId?: string | undefined;
  actionItemId?: string | undefined;
}

/**
 * `GET product/epop/{userId}`: the POP document product as the caller is offered it, with the
 * attributes their role group sees and the price of the default choice; an invite's (`actionItemId`,
 * an item the caller may read) at the price its inviter chose (their role group, their values). The
 * partner's custom prices apply only for a caller entitled to the partner (`entitledPartnerId`; the
 * invite's document's own partner counts): anyone else naming its id is offered the standard price.
 */
export async function productOffer(
  deps: EntitlementDeps,
  caller: Caller,
  query: OfferQuery,
): Promise<Product> {
  const { db } = deps;
  let invite: { PricedFor: RoleGroup | null; Attributes: string[] } | null = null;
  let payingFor: string | null = null;
  if (query.actionItemId) {
    if (!(await actionItemPolicy(db, userPolicy).allows(caller, 'read', query.actionItemId)))
      throw notFound(ACTION_ITEMS_MESSAGES.notFound);
    const item = await actionItemById(db, query.actionItemId);
    invite = item?.itemType === 'pop-document-invite' ? item.data : null;
    payingFor = item?.data.DocumentId ?? null;
  }
  const strategicPartnerId = await entitledPartnerId(deps, caller, query.strategicPartnerId, { payingFor });
  const found = await productFor(
    db,
    PRODUCT_CODE_EPOP,
    invite?.PricedFor ?? caller.roleGroup,
    strategicPartnerId,
    invite?.Attributes,
  );
  if (!found) throw notFound(PRODUCTS_MESSAGES.notFound);
  return found;
}
