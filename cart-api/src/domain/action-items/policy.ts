import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { delegatingPolicy, member } from '../../policies/rules.js';
import { ACTION_ITEMS_MESSAGES } from './messages.js';
import { actionItemById, actionItemUser } from './queries.js';

/**
 * `action-item`: through its user (whose pending list shows it; compliance may act on any), and an
 * invite also to the broker it is assigned to (`data.Document.BrokerId`), who may open and update it
 * (specs/2-documents.md §4 "Only the assigned broker sees Update invite"). An invitation is nobody's
 * until its link is claimed (claim.ts): no account reaches it through an address.
 */
export function actionItemPolicy(db: Kysely<Database>, user: Policy): Policy {
  const throughUser = delegatingPolicy((id) => actionItemUser(db, id), user, ACTION_ITEMS_MESSAGES.notFound);
  return {
    ...throughUser,
    async allows(caller, action, id) {
      if (await throughUser.allows(caller, action, id)) return true;
      if (!member(caller) || (caller.roleGroup !== 'broker' && caller.roleGroup !== 'compliance'))
        return false;
      const item = await actionItemById(db, id);
      // An invitation nobody has claimed has no user to go through: compliance (which may act on any
      // item) still reaches it, and so does its assigned broker, as before and after the claim.
      if (caller.roleGroup === 'compliance') return item !== undefined;
      return item?.itemType === 'pop-document-invite' && item.data.Document.BrokerId === caller.userId;
    },
  };
}
