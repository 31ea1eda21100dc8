import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Each table a policy asks `exists(id)` of, and its primary key. */
const PRIMARY_KEY = {
  company: 'company_id',
  discount: 'discount_id',
  epop_document: 'document_id',
  product: 'product_id',
} as const satisfies Partial<Record<keyof Database, string>>;

/** Whether a record with this id exists (a primary-key lookup; the policies' `exists`). */
export async function recordExists(
  db: Kysely<Database>,
  table: keyof typeof PRIMARY_KEY,
  id: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`1`.as('found'))
    .where(sql.ref(PRIMARY_KEY[table]), '=', id)
    .executeTakeFirst();
  return row !== undefined;
}
