import type { Db } from '../db/index.js';

/**
 * What a broker's exact user search found (README "User search"). A broker names the person they
 * mean by their exact username or e-mail address and sees that person's names and address in the
 * answer; cart-api then lets the broker add them to a client company (and so see them in its users)
 * only when the broker found them so, or is linked with them otherwise. A user id alone, from
 * wherever it came, resolves to no name and no address.
 */

/** How long a find counts: long enough to pick the person and add them, not for ever. */
export const FIND_TTL_MS = 60 * 60 * 1000;

/** Records that `searcherId` found these users (each find moves the time of the last one). */
export async function recordFinds(
  db: Db,
  searcherId: string,
  userIds: readonly string[],
  now = new Date(),
): Promise<void> {
  const ids = [...new Set(userIds)].filter((id) => id !== searcherId);
  if (ids.length === 0) return;
  const foundAt = now.toISOString();
  await db
    .insertInto('user_find')
    .values(ids.map((userId) => ({ searcher_id: searcherId, user_id: userId, found_at: foundAt })))
    .onConflict((oc) => oc.columns(['searcher_id', 'user_id']).doUpdateSet({ found_at: foundAt }))
    .execute();
}

/** Which of these users `searcherId` found by an exact search within the last FIND_TTL_MS. */
export async function foundBy(
  db: Db,
  searcherId: string,
  userIds: readonly string[],
  now = new Date(),
): Promise<string[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('user_find')
    .select('user_id')
    .where('searcher_id', '=', searcherId)
    .where('user_id', 'in', ids)
    .where('found_at', '>=', new Date(now.getTime() - FIND_TTL_MS).toISOString())
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}
