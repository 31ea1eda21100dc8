import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';

/**
 * Records a sign-in the shell reports, with the referral id it carried. The user keeps the first
 * referral id they ever brought: a later one is recorded with its sign-in only. False for an unknown user.
 */
export async function recordLogin(
  db: Db,
  userId: string,
  referralId: string | null,
  now = new Date(),
): Promise<boolean> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) return false;
    await trx
      .insertInto('user_login')
      .values({ id: randomUUID(), user_id: userId, signed_in_at: at, referral_id: referralId })
      .execute();
    if (referralId) {
      await trx
        .updateTable('users')
        .set({ referral_id: referralId, updated_at: at })
        .where('id', '=', userId)
        .where('referral_id', 'is', null)
        .execute();
    }
    return true;
  });
}

/**
 * Every referral id the user brought: at registration and with any sign-in the shell reported
 * (cart-api's partner entitlement: an account registered or signed in through a partner's referral
 * link gets that partner's benefits). Distinct, sorted; none for an unknown user.
 */
export async function referralIdsOf(db: Db, userId: string): Promise<string[]> {
  const [registered, signIns] = await Promise.all([
    db.selectFrom('users').select('referral_id').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('user_login')
      .select('referral_id')
      .distinct()
      .where('user_id', '=', userId)
      .where('referral_id', 'is not', null)
      .execute(),
  ]);
  const ids = new Set<string>();
  if (registered?.referral_id) ids.add(registered.referral_id);
  for (const row of signIns) if (row.referral_id) ids.add(row.referral_id);
  return [...ids].sort();
}
