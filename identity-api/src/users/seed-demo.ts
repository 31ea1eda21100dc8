import { DEMO_ACCOUNTS, DEMO_PASSWORD } from 'shared-domain';
import type { Db } from '../db/index.js';
import { createUser, findById, findByUsername } from './users.js';

/** Creates the demo accounts that are missing; an existing one is left exactly as it is. */
export async function seedDemo(db: Db): Promise<{ created: string[]; existing: string[] }> {
  const created: string[] = [];
  const existing: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if ((await findById(db, account.userId)) || (await findByUsername(db, account.username))) {
      existing.push(account.username);
      continue;
    }
    await createUser(db, { ...account, password: DEMO_PASSWORD });
    created.push(account.username);
  }
  return { created, existing };
}
