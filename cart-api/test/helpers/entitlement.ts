import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';

/**
 * Makes an account entitled to a partner's benefits the way compliance assigns one (README "Partner
 * entitlement"): a user of the partner company (its Users panel). A test of a partner's rules uses
 * an entitled account; naming a partner's id alone gets the standard product (test/abuse).
 */
export async function makePartnerUser(
  db: Kysely<Database>,
  partnerId: string,
  userId: string,
): Promise<void> {
  await db
    .insertInto('company_user')
    .values({ company_id: partnerId, user_id: userId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
    .execute();
}
