import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { UserCompany } from '../../contract/user.js';

/** The client companies a user is linked to (company_user), by name. */
export async function userCompanies(db: Kysely<Database>, userId: string): Promise<UserCompany[]> {
  const rows = await db
    .selectFrom('company_user as cu')
    .innerJoin('company as c', 'c.company_id', 'cu.company_id')
    .select(['c.company_id', 'c.name', 'c.state', 'c.zip_code', 'c.strategic_partner_account_id'])
    .where('cu.user_id', '=', userId)
    .where('c.kind', '=', 'client')
    .orderBy('c.name')
    .orderBy('c.company_id')
    .execute();
  return rows.map((row) => ({
    companyId: row.company_id,
    clientId: row.company_id,
    name: row.name,
    state: row.state,
    zipCode: row.zip_code,
    strategicPartnerAccountId: row.strategic_partner_account_id ?? null,
  }));
}
