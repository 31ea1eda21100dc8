import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { USER_LINK_MESSAGES } from '../../src/routes/user/links.js';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { accountState } from '../contract/account-state.js';
import { accessToken, call } from './http.js';

const PASSWORD = 'LinksPass2026';

/**
 * The back office's user links (specs/3-admin.md §2 Users, §7): GET user/{userId}/linked-user,
 * POST and DELETE user/{userId}/{otherUserId}, the admin search's paging, and cart-api's
 * POST internal/users/links.
 */
describe('user links', () => {
  let api: TestIdentityApi;
  let compliance: string;
  let serviceToken: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await startIdentityApi();
    for (const [username, firstName, lastName, role] of [
      ['ann.broker', 'Ann', 'Broker', 'broker'],
      ['ben.broker', 'Ben', 'Abel', 'broker'],
      ['cal.employer', 'Cal', 'Employer', 'employer'],
      ['links.compliance', 'Cy', 'Compliance', 'compliance'],
    ] as const) {
      ({ userId: ids[username] } = await api.createUser({
        username,
        password: PASSWORD,
        firstName,
        lastName,
        email: `${username}@example.test`,
        roles: [role],
      }));
    }
    compliance = await accessToken(api, 'links.compliance', PASSWORD);
    serviceToken = (await api.clientCredentialsGrant()).access_token!;
  });
  afterAll(async () => {
    await api?.close();
  });

  const as = (method: 'GET' | 'POST' | 'DELETE', path: string, bearer = compliance) =>
    call(api, method, path, { bearer, ...(method === 'POST' ? { body: {} } : {}) });
  const linked = async (username: string) =>
    ((await as('GET', `/user/${ids[username]}/linked-user`)).body as { userName: string }[]).map(
      (user) => user.userName,
    );

  it('links two users both ways, answers the linked user, and links again without change', async () => {
    const answer = await as('POST', `/user/${ids['ann.broker']}/${ids['ben.broker']}`);
    expect(answer).toEqual({
      status: 200,
      body: {
        userId: ids['ben.broker'],
        userName: 'ben.broker',
        firstName: 'Ben',
        lastName: 'Abel',
        email: 'ben.broker@example.test',
        role: 'broker',
      },
    });
    expect((await as('POST', `/user/${ids['ben.broker']}/${ids['ann.broker']}`)).status).toBe(200);
    await as('POST', `/user/${ids['ann.broker']}/${ids['cal.employer']}`);
    // By last name: Abel, Employer.
    expect(await linked('ann.broker')).toEqual(['ben.broker', 'cal.employer']);
    expect(await linked('ben.broker')).toEqual(['ann.broker']);
    expect(await linked('cal.employer')).toEqual(['ann.broker']);

    // cart-api's question: who is linked to Ann, and with which role.
    const links = await call(api, 'POST', '/internal/users/links', {
      bearer: serviceToken,
      body: { userId: ids['ann.broker'] },
    });
    expect(links.status).toBe(200);
    expect((links.body as { users: unknown[] }).users).toEqual(
      expect.arrayContaining([
        { userId: ids['ben.broker'], role: 'broker' },
        { userId: ids['cal.employer'], role: 'employer' },
      ]),
    );
  });

  it('unlinks both ways; unlinking again is 204 all the same', async () => {
    await as('POST', `/user/${ids['ben.broker']}/${ids['cal.employer']}`);
    expect((await as('DELETE', `/user/${ids['cal.employer']}/${ids['ben.broker']}`)).status).toBe(204);
    expect(await linked('ben.broker')).not.toContain('cal.employer');
    expect(await linked('cal.employer')).not.toContain('ben.broker');
    expect((await as('DELETE', `/user/${ids['cal.employer']}/${ids['ben.broker']}`)).status).toBe(204);
  });

  it('refuses a link to oneself (400) and unknown users (404), changing nothing', async () => {
    const before = await accountState(api);
    expect(await as('POST', `/user/${ids['ann.broker']}/${ids['ann.broker']}`)).toEqual({
      status: 400,
      body: { message: USER_LINK_MESSAGES.self },
    });
    for (const [method, path] of [
      ['POST', `/user/${ids['ann.broker']}/no-such-user`],
      ['POST', `/user/no-such-user/${ids['ann.broker']}`],
      ['DELETE', `/user/${ids['ann.broker']}/no-such-user`],
      ['GET', '/user/no-such-user/linked-user'],
    ] as const) {
      expect(await as(method, path)).toEqual({ status: 404, body: { message: ACCOUNT_MESSAGES.notFound } });
    }
    expect(await accountState(api)).toBe(before);
  });

  it("is compliance's only: a broker may not link themself to another broker", async () => {
    const broker = await accessToken(api, 'ann.broker', PASSWORD);
    const before = await accountState(api);
    expect((await as('POST', `/user/${ids['ann.broker']}/${ids['cal.employer']}`, broker)).status).toBe(403);
    expect((await as('GET', `/user/${ids['ann.broker']}/linked-user`, broker)).status).toBe(403);
    expect(await accountState(api)).toBe(before);
  });

  it('pages the admin search: page=1&pageSize=300 as the screen asks, pageSize above 300 refused', async () => {
    const page = (query: string) => as('GET', `/user?username=broker&${query}`);
    const first = await page('page=1&pageSize=300');
    expect(first.status).toBe(200);
    expect((first.body as { username: string }[]).map((user) => user.username)).toEqual([
      'ben.broker',
      'ann.broker',
    ]);
    expect(((await page('page=2&pageSize=1')).body as { username: string }[]).map((u) => u.username)).toEqual(
      ['ann.broker'],
    );
    expect((await page('page=1&pageSize=301')).status).toBe(400);
  });
});
