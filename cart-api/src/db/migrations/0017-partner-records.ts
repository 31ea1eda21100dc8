import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * The strategic partner's own record (specs/3-admin.md §3 "Strategic partner company"; issue 12):
 * - company.custom_url: the partner's custom URL, shown in the partner list;
 * - company.referral_id: the id of its referral link (`/#/referral/{referralId}`), unique, given
 *   when the partner is created; existing partners get one here.
 * (The company detail's notes come with migration 0019, clients and partners alike.)
 */
interface PartnerSlice {
  company: { company_id: string; kind: string; referral_id: string | null };
}

/** Ten lower-case letters and digits: what the shell keeps from a referral link, and hard to guess. */
export function newReferralId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('company').addColumn('custom_url', 'text').execute();
  await db.schema.alterTable('company').addColumn('referral_id', 'text').execute();
  await db.schema.createIndex('company_referral_id').unique().on('company').column('referral_id').execute();
  const partners = await (db as Kysely<PartnerSlice>)
    .selectFrom('company')
    .select('company_id')
    .where('kind', '=', 'strategic-partner')
    .execute();
  for (const partner of partners) {
    await (db as Kysely<PartnerSlice>)
      .updateTable('company')
      .set({ referral_id: newReferralId() })
      .where('company_id', '=', partner.company_id)
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('company_referral_id').execute();
  await db.schema.alterTable('company').dropColumn('referral_id').execute();
  await db.schema.alterTable('company').dropColumn('custom_url').execute();
}
