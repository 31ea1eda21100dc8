import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { delegatingPolicy, member } from '../../policies/rules.js';
import { actionItemById, actionItemUser } from './queries.js';

export const ACTION_ITEM_NOT_FOUND = 'Action item not found';

/**
 * `action-item`: through its user (whose pending list shows it; compliance may act on any), and an
 * invite also to the broker it is assigned to (`data.Document.BrokerId`), who may open and update it
 * (specs/2-documents.md §4 "Only the assigned broker sees Update invite").
 */
export function actionItemPolicy(db: Kysely<Database>, user: Policy): Policy {
  const throughUser = delegatingPolicy((id) => actionItemUser(db, id), user, ACTION_ITEM_NOT_FOUND);
  return {
    ...throughUser,
    async allows(caller, action, id) {
      if (await throughUser.allows(caller, action, id)) return true;
      if (!member(caller) || caller.roleGroup !== 'broker') return false;
      const item = await actionItemById(db, id);
      return item?.itemType === 'pop-document-invite' && item.data.Document.BrokerId === caller.userId;
    },
  };
}
