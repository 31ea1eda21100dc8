import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { DEFAULT_TEST_PASSWORD, startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { signIn } from '../../src/users/sign-in.js';
import { postAsClient } from '../helpers.js';

const HOUR = 60 * 60 * 1000;

describe('password grant', () => {
  let api: TestIdentityApi;
  let brokerId: string;

  beforeAll(async () => {
    api = await startIdentityApi({
      users: [
        {
          username: 'expired.user',
          password: DEFAULT_TEST_PASSWORD,
          roles: ['employer'],
          passwordExpiresAt: new Date(Date.now() - HOUR).toISOString(),
        },
        {
          username: 'federated.user',
          password: DEFAULT_TEST_PASSWORD,
          roles: ['broker'],
          identityProvider: 'google',
        },
      ],
    });
    ({ userId: brokerId } = await api.createUser({
      username: 'Bea.Broker',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['broker', 'producersupport'],
      email: 'bea@example.com',
      firstName: 'Bea',
      lastName: 'Broker',
    }));
  });
  afterAll(async () => api.close());

  it('issues a JWT access token for urn:pop:api, an id_token and a refresh token', async () => {
    const tokens = await api.passwordGrant('bea.broker', DEFAULT_TEST_PASSWORD);
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 1800 });
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const jwks = createRemoteJWKSet(new URL(`${api.issuer}/jwks`));
    const { payload: access, protectedHeader } = await jwtVerify(tokens.access_token ?? '', jwks, {
      issuer: api.issuer,
      audience: 'urn:pop:api',
      typ: 'at+jwt',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(access).toMatchObject({ sub: brokerId, username: 'Bea.Broker', client_id: api.clientId });
    expect([...(access.roles as string[])].sort()).toEqual(['broker', 'producersupport']);
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(30 * 60);

    const { payload: id } = await jwtVerify(tokens.id_token ?? '', jwks, {
      issuer: api.issuer,
      audience: api.clientId,
    });
    expect(id).toMatchObject({
      sub: brokerId,
      email: 'bea@example.com',
      given_name: 'Bea',
      family_name: 'Broker',
      preferred_username: 'Bea.Broker',
    });
    expect([...(id.roles as string[])].sort()).toEqual(['broker', 'producersupport']);
  });

  it('issues no refresh token without offline_access', async () => {
    const { status, body } = await postAsClient(api, '/token', {
      grant_type: 'password',
      username: 'bea.broker',
      password: DEFAULT_TEST_PASSWORD,
      scope: 'openid',
    });
    expect(status).toBe(200);
    expect(body.refresh_token).toBeUndefined();
    expect(decodeJwt(body.id_token ?? '').email).toBe('bea@example.com');
  });

  it.each([
    ['user_not_found', 'no.such.user', DEFAULT_TEST_PASSWORD],
    ['gsuite', 'federated.user', DEFAULT_TEST_PASSWORD],
    ['password_expired', 'expired.user', DEFAULT_TEST_PASSWORD],
    ['unauthorized', 'bea.broker', 'WrongPass2026'],
  ])('refuses with 400 invalid_grant %s', async (key, username, password) => {
    const { status, body } = await postAsClient(api, '/token', {
      grant_type: 'password',
      username,
      password,
    });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid_grant', error_description: key });
  });

  it('answers password_expired only to the right password', async () => {
    expect(await api.passwordGrant('expired.user', 'WrongPass2026')).toEqual({
      error: 'invalid_grant',
      error_description: 'unauthorized',
    });
  });

  it('refuses a request without a password as invalid_request', async () => {
    const { status, body } = await postAsClient(api, '/token', {
      grant_type: 'password',
      username: 'bea.broker',
    });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_request');
  });

  it('refuses a wrong client secret', async () => {
    const { status, body } = await postAsClient(
      api,
      '/token',
      { grant_type: 'password', username: 'bea.broker', password: DEFAULT_TEST_PASSWORD },
      'not-the-secret',
    );
    expect(status).toBe(401);
    expect(body.error).toBe('invalid_client');
  });

  it('refuses a foreign resource and unknown scopes', async () => {
    const foreign = await postAsClient(api, '/token', {
      grant_type: 'password',
      username: 'bea.broker',
      password: DEFAULT_TEST_PASSWORD,
      resource: 'urn:other:api',
    });
    expect(foreign.body.error).toBe('invalid_target');
    const scope = await postAsClient(api, '/token', {
      grant_type: 'password',
      username: 'bea.broker',
      password: DEFAULT_TEST_PASSWORD,
      scope: 'openid admin',
    });
    expect(scope.body.error).toBe('invalid_scope');
  });
});

describe('lockout', () => {
  let api: TestIdentityApi;
  beforeAll(async () => {
    api = await startIdentityApi({
      users: [
        { username: 'lock.me', password: DEFAULT_TEST_PASSWORD, roles: ['employer'] },
        { username: 'reset.me', password: DEFAULT_TEST_PASSWORD, roles: ['employer'] },
      ],
    });
  });
  afterAll(async () => api.close());

  const keyOf = async (username: string, password: string) =>
    (await api.passwordGrant(username, password)).error_description;

  it('locks the account at the fifth consecutive wrong password, even for the right password', async () => {
    for (let attempt = 1; attempt <= 4; attempt++)
      expect(await keyOf('lock.me', 'Wrong')).toBe('unauthorized');
    expect(await keyOf('lock.me', 'Wrong')).toBe('locked_out');
    expect(await keyOf('lock.me', DEFAULT_TEST_PASSWORD)).toBe('locked_out');

    const row = await api.app.identityDb
      .selectFrom('users')
      .select('locked_until')
      .where('username_key', '=', 'lock.me')
      .executeTakeFirstOrThrow();
    const minutes = (new Date(row.locked_until ?? 0).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('signs in again once the lock has passed', async () => {
    await api.app.identityDb
      .updateTable('users')
      .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
      .where('username_key', '=', 'lock.me')
      .execute();
    expect((await api.passwordGrant('lock.me', DEFAULT_TEST_PASSWORD)).access_token).toEqual(
      expect.any(String),
    );
  });

  it('starts counting again after a successful sign-in', async () => {
    for (let attempt = 1; attempt <= 4; attempt++)
      expect(await keyOf('reset.me', 'Wrong')).toBe('unauthorized');
    expect((await api.passwordGrant('reset.me', DEFAULT_TEST_PASSWORD)).access_token).toEqual(
      expect.any(String),
    );
    for (let attempt = 1; attempt <= 4; attempt++)
      expect(await keyOf('reset.me', 'Wrong')).toBe('unauthorized');
    expect((await api.passwordGrant('reset.me', DEFAULT_TEST_PASSWORD)).access_token).toEqual(
      expect.any(String),
    );
  });

  const lockOf = async (username: string) => {
    const row = await api.app.identityDb
      .selectFrom('users')
      .select(['locked_until', 'failed_attempts'])
      .where('username_key', '=', username)
      .executeTakeFirstOrThrow();
    return { lockedUntil: row.locked_until, failedAttempts: Number(row.failed_attempts) };
  };
  const isLocked = async (username: string) =>
    new Date((await lockOf(username)).lockedUntil ?? 0).getTime() > Date.now();
  const tally = (keys: (string | undefined)[]) =>
    keys.reduce<Record<string, number>>(
      (counts, key) => ({ ...counts, [`${key}`]: (counts[`${key}`] ?? 0) + 1 }),
      {},
    );

  it('checks no more than five of many parallel wrong passwords, then stays locked', async () => {
    await api.createUser({ username: 'burst.me', password: DEFAULT_TEST_PASSWORD, roles: ['employer'] });
    const keys = await Promise.all(Array.from({ length: 20 }, () => keyOf('burst.me', 'Wrong')));
    expect(tally(keys)).toEqual({ unauthorized: 4, locked_out: 16 });
    expect(await isLocked('burst.me')).toBe(true);
    expect(await keyOf('burst.me', DEFAULT_TEST_PASSWORD)).toBe('locked_out');
  });

  it('checks at most four wrong passwords of a parallel burst with the right one among them', async () => {
    await api.createUser({ username: 'burst.right', password: DEFAULT_TEST_PASSWORD, roles: ['employer'] });
    const [right, ...wrong] = await Promise.all([
      keyOf('burst.right', DEFAULT_TEST_PASSWORD),
      ...Array.from({ length: 20 }, () => keyOf('burst.right', 'Wrong')),
    ]);
    expect(tally(wrong).unauthorized ?? 0).toBeLessThanOrEqual(4);
    if (right === 'locked_out') {
      // The right password came after the lock: the account stays locked.
      expect(await isLocked('burst.right')).toBe(true);
      expect(await keyOf('burst.right', DEFAULT_TEST_PASSWORD)).toBe('locked_out');
    } else {
      // It signed in (possibly as the fifth attempt, which then lifts the lock it set, as a sequential
      // fifth right password would): what followed it was counted afresh.
      expect(right).toBeUndefined();
      const { failedAttempts } = await lockOf('burst.right');
      expect((await isLocked('burst.right')) || failedAttempts < 5).toBe(true);
    }
  });

  it('never lets the right password clear a lock set while it was being checked', async () => {
    await api.createUser({ username: 'race.me', password: DEFAULT_TEST_PASSWORD, roles: ['employer'] });
    const db = api.app.identityDb;
    const pending = signIn(
      db,
      { maxFailedAttempts: 5, lockoutMinutes: 30 },
      'race.me',
      DEFAULT_TEST_PASSWORD,
    );
    // Once the attempt is counted its password is being checked (~100 ms of scrypt): parallel
    // failures (here on another instance, written directly) lock the account meanwhile.
    const started = Date.now();
    while ((await lockOf('race.me')).failedAttempts === 0 && Date.now() - started < 5000)
      await new Promise((resolve) => setTimeout(resolve, 1));
    const until = new Date(Date.now() + 30 * 60_000).toISOString();
    await db
      .updateTable('users')
      .set({ locked_until: until })
      .where('username_key', '=', 'race.me')
      .execute();

    expect(await pending).toEqual({ ok: false, error: 'locked_out' });
    expect((await lockOf('race.me')).lockedUntil).toBe(until);
  });
});
