import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { USER_SEARCH_MESSAGES } from '../../src/routes/user/index.js';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { accessToken, call } from './http.js';

const PASSWORD = 'SearchPass2026';

/** GET user?username=|email=|fullName= (the user search modal, specs/2-documents.md §2 and §7). */
describe('GET user: the user search', () => {
  let api: TestIdentityApi;
  const tokens: Record<'compliance' | 'broker' | 'employer', string> = {} as never;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await startIdentityApi();
    const people = [
      ['pat.lee', 'Pat', 'Lee', 'pat@acme.test', ['employer']],
      ['patricia.lopez', 'Patricia', 'Lopez', 'plopez@globex.test', ['employer']],
      ['sam.ortiz', 'Sam', 'Ortiz', 'billing@acme.test', ['epop']],
      ['under_score', 'Una', 'Score', 'us@acme.test', ['employer']],
      ['search.compliance', 'Cy', 'Compliance', 'cy@pop.test', ['compliance']],
      ['search.broker', 'Bo', 'Broker', 'bo@pop.test', ['broker']],
      ['search.employer', 'Em', 'Employer', 'em@pop.test', ['employer']],
    ] as const;
    for (const [username, firstName, lastName, email, roles] of people) {
      ({ userId: ids[username] } = await api.createUser({
        username,
        password: PASSWORD,
        firstName,
        lastName,
        email,
        roles: [...roles],
        // Their addresses are verified: a broker's search by e-mail finds verified addresses only.
        emailVerified: true,
      }));
    }
    tokens.compliance = await accessToken(api, 'search.compliance', PASSWORD);
    tokens.broker = await accessToken(api, 'search.broker', PASSWORD);
    tokens.employer = await accessToken(api, 'search.employer', PASSWORD);
  });
  afterAll(async () => {
    await api?.close();
  });

  const search = (query: string, who: keyof typeof tokens = 'compliance') =>
    call(api, 'GET', `/user?${query}`, { bearer: tokens[who] });
  const usernames = (answer: { body: unknown }) =>
    (answer.body as { username: string }[]).map((user) => user.username);

  it('lets compliance search partially, any case, in username, e-mail or "first last"', async () => {
    const byName = await search('fullName=PAT%20L');
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual([
      {
        userId: ids['pat.lee'],
        firstName: 'Pat',
        lastName: 'Lee',
        email: 'pat@acme.test',
        role: 'employer',
        username: 'pat.lee',
      },
    ]);
    expect(usernames(await search('fullName=pat'))).toEqual(['pat.lee', 'patricia.lopez']);
    expect(usernames(await search('email=ACME.test'))).toEqual(['pat.lee', 'sam.ortiz', 'under_score']);
    expect(usernames(await search('username=.L'))).toEqual(['pat.lee', 'patricia.lopez']);
    // LIKE's wildcards are plain text: '_' matches an underscore only.
    expect(usernames(await search('username=r_s'))).toEqual(['under_score']);
    expect(usernames(await search('username=%25'))).toEqual([]);
  });

  it('lets a broker find one person by exact username or e-mail (any case), never browse', async () => {
    expect(usernames(await search('username=PAT.LEE', 'broker'))).toEqual(['pat.lee']);
    expect(usernames(await search('email=Billing@Acme.Test', 'broker'))).toEqual(['sam.ortiz']);
    // An address typed at registration and never verified names nobody (issue 21: anyone can type
    // anyone's address, and the broker would add that account to their client's company).
    await api.createUser({
      username: 'typed.only',
      password: PASSWORD,
      roles: ['employer'],
      email: 'typed.only@acme.test',
    });
    expect(usernames(await search('email=typed.only@acme.test', 'broker'))).toEqual([]);
    expect(usernames(await search('username=pat', 'broker'))).toEqual([]);
    expect(usernames(await search('email=acme.test', 'broker'))).toEqual([]);
    // Employer accounts only: staff and other brokers are not a broker's to find.
    expect(usernames(await search('username=search.compliance', 'broker'))).toEqual([]);
    expect(usernames(await search('email=bo@pop.test', 'broker'))).toEqual([]);
    expect(await search('fullName=Pat%20Lee', 'broker')).toEqual({
      status: 403,
      body: { message: USER_SEARCH_MESSAGES.exactOnly },
    });
  });

  it('refuses employers and guests, and a search by none or several fields', async () => {
    expect((await search('username=pat.lee', 'employer')).status).toBe(403);
    expect((await call(api, 'GET', '/user?username=pat.lee')).status).toBe(401);
    for (const query of ['', 'username=%20', 'username=pat&email=pat@acme.test']) {
      expect(await search(query)).toEqual({ status: 400, body: { message: USER_SEARCH_MESSAGES.oneField } });
    }
  });

  it('answers at most 300 users', async () => {
    for (let index = 0; index < 305; index++) {
      await api.app.identityDb
        .insertInto('users')
        .values({
          id: `bulk-${index}`,
          username: `bulk.${index}`,
          username_key: `bulk.${index}`,
          email: `bulk.${index}@bulk.test`,
          first_name: 'Bulk',
          last_name: `User ${index}`,
          company_name: '',
          password_hash: 'x',
          locked_until: null,
          password_expires_at: null,
          identity_provider: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
    }
    const answer = await search('email=bulk.test');
    expect((answer.body as unknown[]).length).toBe(300);
  });
});
