import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startIdentityApi, type TestIdentityApi } from '../../../src/testing.js';
import { FIND_TTL_MS, foundBy } from '../../../src/users/finds.js';
import { accessToken, call } from '../http.js';

const PASSWORD = 'ReferralPass2026';

/**
 * The service routes behind cart-api's partner entitlement and its user visibility (issue 21): the
 * referral ids a user brought, and the users a broker found by an exact search.
 */
describe('POST internal/users/referrals and internal/users/found', () => {
  let api: TestIdentityApi;
  let serviceToken: string;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    api = await startIdentityApi();
    for (const [username, role] of [
      ['ref.broker', 'broker'],
      ['other.broker', 'broker'],
      ['ref.employer', 'employer'],
      ['ref.staff', 'compliance'],
    ] as const) {
      ({ userId: ids[username] } = await api.createUser({
        username,
        password: PASSWORD,
        roles: [role],
        email: `${username}@example.test`,
        emailVerified: true,
      }));
      tokens[username] = await accessToken(api, username, PASSWORD);
    }
    serviceToken = (await api.clientCredentialsGrant()).access_token!;
  }, 30_000);
  afterAll(async () => {
    await api?.close();
  });

  const referrals = (userId: string, bearer = serviceToken) =>
    call(api, 'POST', '/internal/users/referrals', { bearer, body: { userId } });
  const found = (searcherId: string, userIds: string[], bearer = serviceToken) =>
    call(api, 'POST', '/internal/users/found', { bearer, body: { searcherId, userIds } });
  const search = (caller: string, query: string) =>
    call(api, 'GET', `/user?${query}`, { bearer: tokens[caller] });

  it('answers every referral id a user brought, at registration and with each sign-in', async () => {
    const registered = await call(api, 'POST', '/user', {
      body: {
        accountType: 'employer',
        firstname: 'Ref',
        lastname: 'Erred',
        companyName: '',
        email: 'referred@example.test',
        username: 'referred.user',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        referralId: 'partner-one',
      },
    });
    expect(registered.status).toBe(201);
    const { userId } = registered.body as { userId: string };
    expect((await referrals(userId)).body).toEqual({ referralIds: ['partner-one'] });

    const token = await accessToken(api, 'referred.user', PASSWORD);
    for (const referralId of ['partner-two', null, 'partner-two']) {
      const login = await call(api, 'POST', `/user/${userId}/login`, { bearer: token, body: { referralId } });
      expect(login.status).toBe(204);
    }
    expect((await referrals(userId)).body).toEqual({ referralIds: ['partner-one', 'partner-two'] });
    expect((await referrals(ids['ref.broker']!)).body).toEqual({ referralIds: [] });
    expect((await referrals('no-such-user')).body).toEqual({ referralIds: [] });
    // A user's token is refused, whatever the role.
    expect((await referrals(userId, tokens['ref.staff'])).status).toBe(403);
  });

  it("remembers whom a broker's exact search found, for that broker alone and for an hour", async () => {
    const employer = ids['ref.employer']!;
    const broker = ids['ref.broker']!;
    expect((await found(broker, [employer])).body).toEqual({ userIds: [] });

    const answer = await search('ref.broker', 'email=REF.EMPLOYER@example.test');
    expect((answer.body as { userId: string }[]).map((user) => user.userId)).toEqual([employer]);
    expect((await found(broker, [employer, ids['other.broker']!, 'no-such-user'])).body).toEqual({
      userIds: [employer],
    });
    // Another broker did not find them; a search that finds no employer records nothing.
    expect((await found(ids['other.broker']!, [employer])).body).toEqual({ userIds: [] });
    await search('ref.broker', 'username=other.broker');
    expect((await found(broker, [ids['other.broker']!])).body).toEqual({ userIds: [] });
    // Compliance browses the directory: nothing to remember for cart-api.
    await search('ref.staff', 'username=ref.employer');
    expect((await found(ids['ref.staff']!, [employer])).body).toEqual({ userIds: [] });

    const later = new Date(Date.now() + FIND_TTL_MS + 60_000);
    expect(await foundBy(api.app.identityDb, broker, [employer], later)).toEqual([]);
    expect((await found(broker, [employer], tokens['ref.broker'])).status).toBe(403);
  });
});
