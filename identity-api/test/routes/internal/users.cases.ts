import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { startIdentityApi, type TestIdentityApi } from '../../../src/testing.js';
import { findById } from '../../../src/users/users.js';
import { accountState } from '../../contract/account-state.js';
import { accessToken, call } from '../http.js';

const APP_URL = 'https://pop.example.test';
const PASSWORD = 'InternalPass2026';

/** The service routes cart-api calls with its client-credentials token (routes/internal). */
describe('the service routes: POST internal/users/lookup and internal/users/invite', () => {
  let api: TestIdentityApi;
  let serviceToken: string;
  let complianceToken: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await startIdentityApi({ env: { APP_URL } });
    for (const [username, roles, firstName, lastName] of [
      ['pat.lee', ['employer'], 'Pat', 'Lee'],
      ['bea.broker', ['broker', 'producersupport'], 'Bea', 'Broker'],
      ['cora.compliance', ['compliance'], 'Cora', 'Compliance'],
    ] as const) {
      ({ userId: ids[username] } = await api.createUser({
        username,
        password: PASSWORD,
        roles: [...roles],
        firstName,
        lastName,
        email: `${username}@Example.com`,
        emailVerified: true,
      }));
    }
    serviceToken = (await api.clientCredentialsGrant()).access_token!;
    complianceToken = await accessToken(api, 'cora.compliance', PASSWORD);
  });
  afterAll(async () => {
    await api?.close();
  });

  const lookup = (userIds: string[], bearer = serviceToken) =>
    call(api, 'POST', '/internal/users/lookup', { bearer, body: { userIds } });
  const invite = (body: object, bearer = serviceToken) =>
    call(api, 'POST', '/internal/users/invite', { bearer, body });

  it('looks users up by id with their names, e-mail and effective role; unknown ids are absent', async () => {
    const answer = await lookup([ids['pat.lee']!, 'no-such-user', ids['bea.broker']!, ids['pat.lee']!]);
    expect(answer.status).toBe(200);
    const users = (answer.body as { users: { userId: string }[] }).users;
    expect(users.sort((a, b) => a.userId.localeCompare(b.userId))).toEqual(
      [
        {
          userId: ids['pat.lee'],
          userName: 'pat.lee',
          firstName: 'Pat',
          lastName: 'Lee',
          email: 'pat.lee@Example.com',
          role: 'employer',
        },
        {
          userId: ids['bea.broker'],
          userName: 'bea.broker',
          firstName: 'Bea',
          lastName: 'Broker',
          email: 'bea.broker@Example.com',
          role: 'broker',
        },
      ].sort((a, b) => a.userId!.localeCompare(b.userId!)),
    );
    expect((await lookup([])).body).toEqual({ users: [] });
    const tooMany = await lookup(Array.from({ length: 501 }, (_, index) => `u-${index}`));
    expect(tooMany.status).toBe(400);
  });

  it('answers the account that has the e-mail address (any case), creating nothing', async () => {
    const before = await accountState(api);
    const answer = await invite({
      email: 'PAT.LEE@example.COM',
      firstName: 'Someone',
      lastName: 'Else',
      companyName: 'Acme',
    });
    expect(answer).toEqual({ status: 200, body: { userId: ids['pat.lee'], created: false, setupUrl: null } });
    expect(await accountState(api)).toBe(before);
  });

  it('creates an employer account with a first-login link, and sends no e-mail itself', async () => {
    const answer = await invite({
      email: 'new.client@example.com',
      firstName: 'Nora',
      lastName: 'Newman',
      companyName: 'Newman Farms',
    });
    expect(answer.status).toBe(200);
    const { userId, created, setupUrl } = answer.body as {
      userId: string;
      created: boolean;
      setupUrl: string;
    };
    expect(created).toBe(true);
    const token = new RegExp(`^${APP_URL}/first-time-setup/([\\w-]{43})$`).exec(setupUrl)?.[1];
    expect(token).toBeDefined();
    const user = await findById(api.app.identityDb, userId);
    expect(user).toMatchObject({
      username: 'new.client@example.com',
      email: 'new.client@example.com',
      firstName: 'Nora',
      lastName: 'Newman',
      companyName: 'Newman Farms',
      roles: ['employer'],
    });
    // The link opens the welcome page for that account; the unknown password signs nobody in.
    expect(await call(api, 'GET', `/temporary-user-token?token=${token}`)).toMatchObject({
      status: 200,
      body: { userId, user: { userName: 'new.client@example.com', email: 'new.client@example.com' } },
    });
    expect((await api.passwordGrant('new.client@example.com', '')).access_token).toBeUndefined();
    await api.mailSettled();
    expect(readdirSync(api.outboxDir)).toEqual([]);

    // Asked again before the setup was done (the first e-mail may be lost): the same account, a new
    // link. Once the account is set up: no link.
    const again = await invite({
      email: 'New.Client@example.com',
      firstName: 'N',
      lastName: 'N',
      companyName: '',
    });
    expect(again.body).toEqual({
      userId,
      created: false,
      setupUrl: expect.stringContaining('/first-time-setup/'),
    });
    // Set up as the welcome page does: the link spent, and the address it went to kept, so verified.
    await api.app.identityDb
      .updateTable('temporary_user_token')
      .set({ consumed_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .execute();
    await api.app.identityDb
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('id', '=', userId)
      .execute();
    expect(
      (await invite({ email: 'New.Client@example.com', firstName: 'N', lastName: 'N', companyName: '' }))
        .body,
    ).toEqual({ userId, created: false, setupUrl: null });
  });

  it('takes the next free username when the address is someone else’s username', async () => {
    await api.createUser({
      username: 'taken@example.com',
      password: PASSWORD,
      roles: ['broker'],
      email: 'other@example.com',
    });
    const answer = await invite({
      email: 'taken@example.com',
      firstName: 'T',
      lastName: 'T',
      companyName: '',
    });
    const { userId, created } = answer.body as { userId: string; created: boolean };
    expect(created).toBe(true);
    expect((await findById(api.app.identityDb, userId))?.username).toBe('taken@example.com-2');
  });

  it('creates one account when the same new address is invited twice at once', async () => {
    const body = { email: 'twice@example.com', firstName: 'Tw', lastName: 'Ice', companyName: '' };
    const answers = await Promise.all([invite(body), invite(body), invite(body)]);
    const userIds = new Set(answers.map((answer) => (answer.body as { userId: string }).userId));
    expect(userIds.size).toBe(1);
    expect(answers.filter((answer) => (answer.body as { created: boolean }).created)).toHaveLength(1);
  });

  it('refuses bad input in the catalogue format', async () => {
    for (const body of [
      { email: 'not-an-address', firstName: 'A', lastName: 'B', companyName: '' },
      { email: 'a@example.com', firstName: ' ', lastName: 'B', companyName: '' },
      { email: 'a@example.com', firstName: 'A', lastName: 'B' },
      { email: 'a@example.com', firstName: 'A', lastName: 'B', companyName: '', role: 'admin' },
    ]) {
      const answer = await invite(body);
      expect([answer.status, (answer.body as { type: string }).type]).toEqual([400, 'validation']);
    }
  });

  it('refuses every user token (compliance too), no token, and a token the service did not sign', async () => {
    const before = await accountState(api);
    const body = { email: 'sneaky@example.com', firstName: 'S', lastName: 'N', companyName: '' };
    expect(await invite(body, complianceToken)).toEqual({
      status: 403,
      body: { message: 'You do not have permission to perform this action' },
    });
    expect((await lookup([ids['pat.lee']!], complianceToken)).status).toBe(403);
    expect(await call(api, 'POST', '/internal/users/lookup', { body: { userIds: [] } })).toEqual({
      status: 401,
      body: { message: 'Authentication required' },
    });
    // Well-formed and claiming to be cart-api, but signed with a key identity-api never published.
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ client_id: api.cartApiClientId })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: (await exportJWK(publicKey)).kid ?? 'x' })
      .setSubject(api.cartApiClientId)
      .setIssuer(api.issuer)
      .setAudience('urn:pop:api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    expect(await invite(body, forged)).toEqual({
      status: 401,
      body: { message: 'Invalid or expired access token' },
    });
    expect(await accountState(api)).toBe(before);
  });

  it("refuses the service token on the account routes, where it is nobody's", async () => {
    const profile = await call(api, 'GET', `/user/${ids['pat.lee']}`, { bearer: serviceToken });
    expect(profile.status).toBe(403);
    expect((await call(api, 'GET', '/user?email=pat.lee@example.com', { bearer: serviceToken })).status).toBe(
      403,
    );
  });
});
