import type { Kysely, Migration } from 'kysely';

// Owned by the one-time-token grant work: single-use sign-in tokens (/auth?token=). Filled in by that change.
export const loginTokens: Migration = {
  async up(_db: Kysely<unknown>) {},
  async down(_db: Kysely<unknown>) {},
};
