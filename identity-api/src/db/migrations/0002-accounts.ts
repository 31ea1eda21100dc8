import type { Kysely, Migration } from 'kysely';

// Owned by the accounts work: reset passcodes, temporary (first-login) user tokens, login records,
// the referral id. Filled in by that change.
export const accounts: Migration = {
  async up(_db: Kysely<unknown>) {},
  async down(_db: Kysely<unknown>) {},
};
