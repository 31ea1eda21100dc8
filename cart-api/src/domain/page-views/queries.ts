import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One navigation: the app path, who (null for a guest) and when. */
export async function recordPageView(
  db: Kysely<Database>,
  path: string,
  userId: string | null,
): Promise<void> {
  await db
    .insertInto('page_view')
    .values({ page_view_id: randomUUID(), path, user_id: userId, viewed_at: new Date().toISOString() })
    .execute();
}
