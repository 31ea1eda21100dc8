import { DEMO_ACCOUNTS, DEMO_PASSWORD } from 'shared-domain';
import type { Db } from '../db/index.js';
import { markEmailVerified } from './email-verification.js';
import { createUser, findById, findByUsername } from './users.js';

/**
 * Creates the demo accounts that are missing, their addresses verified; an existing one is left as it
 * is, except that its address is verified too when it is not yet (and no other account verified it):
 * a database seeded before addresses were verified gets the same demo accounts as a fresh one.
 */
export async function seedDemo(db: Db): Promise<{ created: string[]; existing: string[] }> {
  const created: string[] = [];
  const existing: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const found = (await findById(db, account.userId)) ?? (await findByUsername(db, account.username));
    if (found) {
      existing.push(account.username);
      if (!found.emailVerified) await markEmailVerified(db, found.userId);
      continue;
    }
    await createUser(db, { ...account, password: DEMO_PASSWORD, emailVerified: true });
    created.push(account.username);
  }
  return { created, existing };
}
