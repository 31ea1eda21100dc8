import { afterAll, beforeAll, expect } from '@jest/globals';
import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../src/db/schema.js';
import { migratedDatabase } from './database.js';
import { callerOf, seedParties, type Account, type Parties } from './parties.js';

/**
 * A policy test file's world: a migrated database with the six parties and their records, made in
 * beforeAll and dropped in afterAll. Read `db` and `parties` inside the tests.
 */
export function policyFixture(): { db: Kysely<Database>; parties: Parties } {
  const fixture = {} as { db: Kysely<Database>; parties: Parties };
  let close = async () => {};
  beforeAll(async () => {
    const database = await migratedDatabase();
    close = database.close;
    fixture.db = database.db;
    fixture.parties = await seedParties(database.db);
  });
  afterAll(() => close());
  return fixture;
}

/** One rule: this caller (undefined: a guest), this action, this id → allowed or not. */
export type Decision = [
  label: string,
  caller: Account | undefined,
  action: string,
  id: string,
  allowed: boolean,
];

/** Asks the policy every case and compares all answers at once (a failure lists every wrong rule). */
export async function expectDecisions(policy: Policy, decisions: Decision[]): Promise<void> {
  const answers: Record<string, boolean> = {};
  const expected: Record<string, boolean> = {};
  for (const [label, account, action, id, allowed] of decisions) {
    answers[label] = await policy.allows(callerOf(account), action, id);
    expected[label] = allowed;
  }
  expect(answers).toEqual(expected);
}
