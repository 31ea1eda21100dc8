import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The strategic partners, by name. */
export async function strategicPartners(
  db: Kysely<Database>,
): Promise<{ companyId: string; name: string }[]> {
  const rows = await db
    .selectFrom('company')
    .select(['company_id', 'name'])
    .where('kind', '=', 'strategic-partner')
    .orderBy('name')
    .orderBy('company_id')
    .execute();
  return rows.map((row) => ({ companyId: row.company_id, name: row.name }));
}
