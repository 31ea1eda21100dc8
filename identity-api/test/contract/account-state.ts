import type { TestIdentityApi } from '../../src/testing.js';

/**
 * What a refused request must not change, as one comparable string: the accounts, their passcodes,
 * first-login tokens, sign-in records, user links and e-mail verification links.
 */
export async function accountState(api: TestIdentityApi): Promise<string> {
  const db = api.app.identityDb;
  return JSON.stringify(
    await Promise.all([
      db.selectFrom('users').selectAll().execute(),
      db.selectFrom('passcode').selectAll().execute(),
      db.selectFrom('temporary_user_token').selectAll().execute(),
      db.selectFrom('user_login').selectAll().execute(),
      db.selectFrom('user_link').selectAll().orderBy('user_id').orderBy('linked_user_id').execute(),
      db.selectFrom('email_verification').selectAll().orderBy('token_hash').execute(),
    ]),
  );
}
