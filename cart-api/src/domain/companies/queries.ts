import { sql, type Kysely } from 'kysely';
import type { CompanyKind, Database } from '../../db/schema.js';
import { recordExists } from '../../lib/exists.js';

/** What the ownership rules need to know about one company, as seen by one user. */
export interface CompanyOwnership {
  kind: CompanyKind;
  brokerUserId: string | null;
  /** The user is linked to the company (company_user): an employer's own company. */
  linked: boolean;
}

export async function companyOwnership(
  db: Kysely<Database>,
  companyId: string,
  userId: string,
): Promise<CompanyOwnership | undefined> {
  const row = await db
    .selectFrom('company as c')
    .select((eb) => [
      'c.kind',
      'c.broker_user_id',
      eb
        .exists(
          eb
            .selectFrom('company_user as cu')
            .select(sql<number>`1`.as('one'))
            .whereRef('cu.company_id', '=', 'c.company_id')
            .where('cu.user_id', '=', userId),
        )
        .as('linked'),
    ])
    .where('c.company_id', '=', companyId)
    .executeTakeFirst();
  // SQLite answers 0/1, PostgreSQL true/false.
  return row && { kind: row.kind, brokerUserId: row.broker_user_id, linked: Boolean(Number(row.linked)) };
}

export const companyExists = (db: Kysely<Database>, companyId: string): Promise<boolean> =>
  recordExists(db, 'company', companyId);

/** The ids of the users linked to a company, in the order they were linked. */
export async function companyUserIds(db: Kysely<Database>, companyId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('company_user')
    .select('user_id')
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

/**
 * Links a user to a company; linking twice changes nothing (the primary key is both ids): false
 * when the link was there already.
 */
export async function linkCompanyUser(
  db: Kysely<Database>,
  companyId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .insertInto('company_user')
    .values({ company_id: companyId, user_id: userId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes a user's link to a company; false when there was none. */
export async function unlinkCompanyUser(
  db: Kysely<Database>,
  companyId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('company_user')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
