import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ACCOUNT_MESSAGES, PASSWORD_POLICY_TEXT, type FirstTimeSetupPayload } from 'shared-domain';
import { runCli } from '../../src/cli.js';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { tokenHash } from '../../src/users/one-time-secrets.js';
import { findById } from '../../src/users/users.js';
import { call } from './http.js';

const APP_URL = 'https://pop.example.test';
const INVALID_LINK = { status: 400, body: { message: ACCOUNT_MESSAGES.invalidSetupLink } };

describe('first-login setup: invite-user, GET temporary-user-token, POST user/{userId}/token/{token}', () => {
  let api: TestIdentityApi;
  let n = 0;

  beforeAll(async () => {
    api = await startIdentityApi({ env: { APP_URL } });
    await api.createUser({ username: 'someone.else', password: 'Someone2026', roles: ['broker'] });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await api.close();
  });

  /** Runs the real CLI against the running app's database; answers the invited user and token. */
  async function invite(): Promise<{ userId: string; token: string; username: string }> {
    const username = `invited.${++n}`;
    const printed: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    try {
      const code = await runCli(
        [
          'invite-user',
          '--username',
          username,
          '--email',
          `${username}@example.com`,
          '--first',
          'Ivy',
          '--last',
          'Invitee',
          '--role',
          'employer',
        ],
        { DATABASE_URL: api.databaseUrl, APP_URL },
      );
      expect(code).toBe(0);
    } finally {
      log.mockRestore();
    }
    expect(printed).toHaveLength(1);
    const match = new RegExp(`^${APP_URL}/first-time-setup/([\\w-]{43})$`).exec(printed[0] ?? '');
    expect(match).not.toBeNull();
    const token = match?.[1] ?? '';
    const found = await call(api, 'GET', `/temporary-user-token?token=${token}`);
    return { userId: (found.body as { userId: string }).userId, token, username };
  }

  const setupBody = (
    userId: string,
    overrides: Partial<FirstTimeSetupPayload> = {},
  ): FirstTimeSetupPayload => ({
    userId,
    username: `chosen.${n}`,
    firstname: 'Ivy',
    lastname: 'Settled',
    email: 'ivy@example.com',
    password: 'Welcome2026',
    confirmPassword: 'Welcome2026',
    ...overrides,
  });

  const setup = (userId: string, token: string, body: unknown) =>
    call(api, 'POST', `/user/${userId}/token/${token}`, { body });

  it('GET temporary-user-token names the invited user', async () => {
    const { userId, token, username } = await invite();
    expect(await call(api, 'GET', `/temporary-user-token?token=${token}`)).toEqual({
      status: 200,
      body: {
        userId,
        user: { userName: username, firstName: 'Ivy', lastName: 'Invitee', email: `${username}@example.com` },
      },
    });
    expect((await findById(api.app.identityDb, userId))?.roles).toEqual(['employer']);
  });

  it('stores only the hash of the token, with its expiry 72 hours ahead', async () => {
    const { userId, token } = await invite();
    const rows = await api.app.identityDb
      .selectFrom('temporary_user_token')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(tokenHash(token));
    const ttl = new Date(rows[0]?.expires_at ?? 0).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(71 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(72 * 3_600_000);
  });

  it('the invited account cannot sign in before setup', async () => {
    const { username } = await invite();
    expect((await api.passwordGrant(username, 'Welcome2026')).error_description).toBe('unauthorized');
  });

  it('sets the names, username, e-mail and password, and spends the link', async () => {
    const { userId, token } = await invite();
    const body = setupBody(userId);
    expect(await setup(userId, token, body)).toEqual({
      status: 200,
      body: { success: true, message: ACCOUNT_MESSAGES.setupComplete },
    });
    expect(await findById(api.app.identityDb, userId)).toMatchObject({
      username: body.username,
      firstName: 'Ivy',
      lastName: 'Settled',
      email: 'ivy@example.com',
    });
    expect((await api.passwordGrant(body.username, 'Welcome2026')).access_token).toBeDefined();

    // Used: neither step accepts it again.
    expect(await call(api, 'GET', `/temporary-user-token?token=${token}`)).toEqual(INVALID_LINK);
    expect(
      await setup(
        userId,
        token,
        setupBody(userId, { password: 'Hijack2026X', confirmPassword: 'Hijack2026X' }),
      ),
    ).toEqual(INVALID_LINK);
    expect((await api.passwordGrant(body.username, 'Welcome2026')).access_token).toBeDefined();
  });

  it('of two parallel uses, exactly one succeeds', async () => {
    const { userId, token } = await invite();
    const answers = await Promise.all(
      ['Parallel2026a', 'Parallel2026b'].map((password) =>
        setup(userId, token, setupBody(userId, { password, confirmPassword: password })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('refuses a token for another user, an unknown or expired token', async () => {
    const first = await invite();
    const second = await invite();
    expect(await setup(second.userId, first.token, setupBody(second.userId))).toEqual(INVALID_LINK);
    expect(await setup(first.userId, first.token, setupBody(second.userId))).toEqual(INVALID_LINK);
    expect(await setup(first.userId, 'x'.repeat(43), setupBody(first.userId))).toEqual(INVALID_LINK);

    await api.app.identityDb
      .updateTable('temporary_user_token')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', first.userId)
      .execute();
    expect(await call(api, 'GET', `/temporary-user-token?token=${first.token}`)).toEqual(INVALID_LINK);
    expect(await setup(first.userId, first.token, setupBody(first.userId))).toEqual(INVALID_LINK);

    // The second link still works: none of that spent it.
    expect((await setup(second.userId, second.token, setupBody(second.userId))).status).toBe(200);
  });

  it('GET temporary-user-token without a token reads as an invalid link', async () => {
    expect(await call(api, 'GET', '/temporary-user-token')).toEqual(INVALID_LINK);
    expect(await call(api, 'GET', '/temporary-user-token?token=unknown')).toEqual(INVALID_LINK);
  });

  it('refuses bad input (policy, mismatch, missing fields) or a taken username, and spends nothing', async () => {
    const { userId, token, username } = await invite();
    expect(
      await setup(userId, token, setupBody(userId, { password: 'weakweak', confirmPassword: 'weakweak' })),
    ).toEqual({
      status: 400,
      body: { type: 'validation', errors: [PASSWORD_POLICY_TEXT] },
    });
    expect(await setup(userId, token, setupBody(userId, { confirmPassword: 'Welcome2027' }))).toEqual({
      status: 400,
      body: { type: 'validation', errors: [ACCOUNT_MESSAGES.passwordsDoNotMatch] },
    });
    expect(await setup(userId, token, setupBody(userId, { firstname: ' ', email: '' }))).toEqual({
      status: 400,
      body: { type: 'validation', errors: ['First name is required', 'E-mail address is required'] },
    });
    expect(await setup(userId, token, setupBody(userId, { username: 'SOMEONE.else' }))).toEqual({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.usernameTaken },
    });
    expect((await findById(api.app.identityDb, userId))?.username).toBe(username);

    // Keeping the invited username is fine.
    expect((await setup(userId, token, setupBody(userId, { username }))).status).toBe(200);
  });
});
