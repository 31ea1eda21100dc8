import type { Kysely } from 'kysely';
import type { ActionItemType } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import type { ActionItem } from '../../contract/action-item.js';
import { actionItemData } from './data.js';

/** A user's open action items, newest first. */
export async function pendingActionItems(db: Kysely<Database>, userId: string): Promise<ActionItem[]> {
  const rows = await db
    .selectFrom('action_item')
    .select(['action_item_id', 'item_type', 'description', 'json', 'created_by', 'created_at'])
    .where('user_id', '=', userId)
    .where('completed', '=', 0)
    .orderBy('created_at', 'desc')
    .orderBy('action_item_id')
    .execute();
  return rows.map((row) => ({
    id: row.action_item_id,
    itemType: row.item_type as ActionItemType,
    description: row.description,
    json: row.json,
    createdBy: row.created_by,
    createdDate: row.created_at,
  }));
}

/**
 * The user an action item is for; undefined when there is no such item, or when it is an invitation
 * nobody has claimed yet (README "Invitations": it belongs to nobody until its link is opened).
 */
export async function actionItemUser(
  db: Kysely<Database>,
  actionItemId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('action_item')
    .select('user_id')
    .where('action_item_id', '=', actionItemId)
    .executeTakeFirst();
  return row?.user_id ?? undefined;
}

/** One action item as the table holds it, with its data parsed; undefined when there is none. */
export async function actionItemById(db: Kysely<Database>, actionItemId: string) {
  const row = await db
    .selectFrom('action_item')
    .select([
      'action_item_id',
      'user_id',
      'item_type',
      'description',
      'json',
      'created_by',
      'created_at',
      'completed',
    ])
    .where('action_item_id', '=', actionItemId)
    .executeTakeFirst();
  return (
    row && {
      id: row.action_item_id,
      userId: row.user_id,
      itemType: row.item_type as ActionItemType,
      description: row.description,
      json: row.json,
      data: actionItemData(row.json),
      createdBy: row.created_by,
      createdDate: row.created_at,
      completed: Number(row.completed) === 1,
    }
  );
}

/** The open items of `itemType` whose data names `documentId`. */
async function openItemsAbout(
  db: Kysely<Database>,
  documentId: string,
  itemType: ActionItemType,
): Promise<string[]> {
  const rows = await db
    .selectFrom('action_item')
    .select(['action_item_id', 'json'])
    .where('item_type', '=', itemType)
    .where('completed', '=', 0)
    // A uuid holds no LIKE wildcard: this narrows to the items naming it, parsed to be sure.
    .where('json', 'like', `%${documentId}%`)
    .execute();
  return rows
    .filter((row) => actionItemData(row.json).DocumentId === documentId)
    .map((row) => row.action_item_id);
}

/**
 * Marks the open items of `itemType` about `documentId` done. Which items an event closes is
 * closure.ts's rule (`closeActionItemsFor`): call that, not this.
 */
export async function completeActionItems(
  db: Kysely<Database>,
  documentId: string,
  itemType: ActionItemType,
  now: Date = new Date(),
): Promise<void> {
  const done = await openItemsAbout(db, documentId, itemType);
  if (done.length === 0) return;
  await db
    .updateTable('action_item')
    .set({ completed: 1, completed_at: now.toISOString() })
    .where('action_item_id', 'in', done)
    .execute();
}

/** The open invitation to purchase a document, if any (its assigned broker updates it from there). */
export async function openInviteOf(db: Kysely<Database>, documentId: string): Promise<string | null> {
  return (await openItemsAbout(db, documentId, 'pop-document-invite'))[0] ?? null;
}
