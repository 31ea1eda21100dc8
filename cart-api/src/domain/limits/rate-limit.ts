import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** At most `max` uses of one key in any `windowMs` (a sliding window). */
export interface Limit {
  max: number;
  windowMs: number;
}

export type LimitAnswer = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one use of `key` when its window has room (README "Limits"), in the database, so every
 * cart-api instance counts against the same window. The key's `rate_limit` row is upserted first: the
 * upsert locks it until the transaction ends (PostgreSQL's row lock; SQLite's one writer), so two
 * uses of one key, from any instances, are counted one after the other and never both pass the last
 * free place. The row keeps the instants its uses leave the window (at most `max`, pruned at each use).
 * A refused use changes nothing and counts nothing: waiting, not retrying, frees a place.
 *
 * Inside the caller's transaction when given one: the use is undone if the operation fails after it.
 */
export async function useLimit(
  db: Kysely<Database>,
  key: string,
  limit: Limit,
  now: Date,
): Promise<LimitAnswer> {
  if (!db.isTransaction) return db.transaction().execute((trx) => useLimit(trx, key, limit, now));
  const at = now.toISOString();
  const row = await db
    .insertInto('rate_limit')
    .values({ limit_key: key, updated_at: at })
    // Writes the key onto itself: nothing changes, but the row is locked until the transaction ends.
    .onConflict((oc) =>
      oc.column('limit_key').doUpdateSet((eb) => ({ limit_key: eb.ref('excluded.limit_key') })),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  // ISO-8601 UTC texts of one format: text order is time order.
  const live = (JSON.parse(row.hits) as string[]).filter((leaves) => leaves > at).sort();
  if (live.length >= limit.max) {
    // The window has room again once all but max − 1 of its uses have left it.
    const freeAt = Date.parse(live[live.length - limit.max]!);
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
  }
  live.push(new Date(now.getTime() + limit.windowMs).toISOString());
  await db
    .updateTable('rate_limit')
    .set({ hits: JSON.stringify(live), updated_at: at })
    .where('limit_key', '=', key)
    .execute();
  return { allowed: true };
}
