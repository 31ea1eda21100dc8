import type { Kysely } from 'kysely';
import type { ActionItem, ActionItemType } from 'shared-domain';
import type { Database } from '../../db/schema.js';

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

/** The user an action item is for; undefined when there is no such item. */
export async function actionItemUser(
  db: Kysely<Database>,
  actionItemId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('action_item')
    .select('user_id')
    .where('action_item_id', '=', actionItemId)
    .executeTakeFirst();
  return row?.user_id;
}
