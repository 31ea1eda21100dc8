import type { Db } from '../db/index.js';
import { lookupUsers, type DirectoryUser } from './directory.js';

/**
 * Links between users (specs/3-admin.md §2 Users: "link or unlink users"). A link is mutual: linking
 * A and B writes A→B and B→A, so each sees the other in their linked users, and cart-api lets each
 * see the documents of the other (README "User links"). Links do not chain: A linked to B and B to C
 * does not link A to C.
 */

/** The ids of the users linked to `userId`. */
export async function linkedUserIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_link')
    .select('linked_user_id')
    .where('user_id', '=', userId)
    .orderBy('linked_user_id')
    .execute();
  return rows.map((row) => row.linked_user_id);
}

/** The users linked to `userId`, by last and first name. */
export async function linkedUsers(db: Db, userId: string): Promise<DirectoryUser[]> {
  const users = await lookupUsers(db, await linkedUserIds(db, userId));
  return users.sort(
    (a, b) =>
      a.lastName.localeCompare(b.lastName, 'en', { sensitivity: 'base' }) ||
      a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' }) ||
      a.username.localeCompare(b.username, 'en', { sensitivity: 'base' }),
  );
}

/** Links two users (both directions); linking again changes nothing. */
export async function linkUsers(db: Db, userId: string, otherUserId: string): Promise<void> {
  const createdAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_link')
      .values([
        { user_id: userId, linked_user_id: otherUserId, created_at: createdAt },
        { user_id: otherUserId, linked_user_id: userId, created_at: createdAt },
      ])
      .onConflict((oc) => oc.columns(['user_id', 'linked_user_id']).doNothing())
      .execute();
  });
}

/** Unlinks two users (both directions); unlinking users who are not linked changes nothing. */
export async function unlinkUsers(db: Db, userId: string, otherUserId: string): Promise<void> {
  await db
    .deleteFrom('user_link')
    .where((eb) =>
      eb.or([
        eb.and([eb('user_id', '=', userId), eb('linked_user_id', '=', otherUserId)]),
        eb.and([eb('user_id', '=', otherUserId), eb('linked_user_id', '=', userId)]),
      ]),
    )
    .execute();
}
