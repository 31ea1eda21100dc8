import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { decodeJwt } from 'jose';
import { ACCOUNT_MESSAGES, PASSWORD_POLICY_TEXT, type RegistrationPayload } from 'shared-domain';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { findById } from '../../src/users/users.js';
import { call } from './http.js';

const PASSWORD = 'Register2026';

describe('POST user (registration) and GET user/exists', () => {
  let api: TestIdentityApi;
  beforeAll(async () => {
    api = await startIdentityApi({
      users: [{ username: 'Taken.Name', password: PASSWORD, roles: ['broker'], email: 'taken@example.com' }],
    });
  });
  afterAll(async () => {
    await api.close();
  });

  const payload = (overrides: Partial<RegistrationPayload> = {}): RegistrationPayload => ({
    accountType: 'broker',
    firstname: encodeURIComponent('Zoë'),
    lastname: encodeURIComponent("O'Brien & Sons"),
    companyName: encodeURIComponent('Brien, Ltd. 100%'),
    email: 'zoe@example.com',
    username: 'zoe.obrien',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    referralId: 'partner-42',
    ...overrides,
  });

  const userCount = async () =>
    Number(
      (
        await api.app.identityDb
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates the account with the URL-decoded names, the role of the account type and the referral id', async () => {
    const answer = await call(api, 'POST', '/user', { body: payload() });
    expect(answer.status).toBe(201);
    const { userId } = answer.body as { userId: string };
    expect(Object.keys(answer.body as object)).toEqual(['userId']);

    expect(await findById(api.app.identityDb, userId)).toMatchObject({
      username: 'zoe.obrien',
      firstName: 'Zoë',
      lastName: "O'Brien & Sons",
      companyName: 'Brien, Ltd. 100%',
      email: 'zoe@example.com',
      roles: ['broker'],
      referralId: 'partner-42',
    });
    const tokens = await api.passwordGrant('zoe.obrien', PASSWORD);
    expect(decodeJwt(tokens.access_token ?? '')).toMatchObject({ sub: userId, roles: ['broker'] });
  });

  it('makes employers too, and the company name and referral id are optional', async () => {
    const answer = await call(api, 'POST', '/user', {
      body: {
        ...payload({ accountType: 'employer', username: 'emp.one' }),
        companyName: undefined,
        referralId: null,
      },
    });
    expect(answer.status).toBe(201);
    const user = await findById(api.app.identityDb, (answer.body as { userId: string }).userId);
    expect(user).toMatchObject({ roles: ['employer'], companyName: '', referralId: null });
  });

  it('refuses a username that exists in any case', async () => {
    const before = await userCount();
    expect(await call(api, 'POST', '/user', { body: payload({ username: 'TAKEN.name' }) })).toEqual({
      status: 400,
      body: { message: ACCOUNT_MESSAGES.usernameTaken },
    });
    expect(await userCount()).toBe(before);
  });

  it('of two parallel registrations of one username, one wins and the other is told it is taken', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(api, 'POST', '/user', { body: payload({ username: 'race.name' }) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    expect(answers.filter((a) => a.status === 400).map((a) => a.body)).toEqual([
      { message: ACCOUNT_MESSAGES.usernameTaken },
      { message: ACCOUNT_MESSAGES.usernameTaken },
    ]);
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'an account type other than the two offered',
      { accountType: 'admin' },
      [ACCOUNT_MESSAGES.invalidAccountType],
    ],
    ['a weak password', { password: 'short1A', confirmPassword: 'short1A' }, [PASSWORD_POLICY_TEXT]],
    [
      'a password without a digit',
      { password: 'NoDigitsHere', confirmPassword: 'NoDigitsHere' },
      [PASSWORD_POLICY_TEXT],
    ],
    [
      'a confirmation that differs',
      { confirmPassword: 'Register2027' },
      [ACCOUNT_MESSAGES.passwordsDoNotMatch],
    ],
    ['a bad e-mail address', { email: 'not-an-address' }, [ACCOUNT_MESSAGES.invalidEmail]],
    [
      'missing names and username',
      { firstname: '', lastname: '%20', username: undefined },
      ['First name is required', 'Last name is required', 'Username is required'],
    ],
    [
      'a malformed name encoding',
      { firstname: '%E0%A4%A', companyName: '%' },
      ['First name is not correctly URL-encoded', 'Company name is not correctly URL-encoded'],
    ],
  ])('answers 400 validation for %s, and creates nothing', async (_case, overrides, errors) => {
    const before = await userCount();
    const answer = await call(api, 'POST', '/user', {
      body: { ...payload({ username: 'never.created' }), ...overrides },
    });
    expect(answer).toEqual({ status: 400, body: { type: 'validation', errors } });
    expect(await userCount()).toBe(before);
  });

  it('answers 400 validation for no body at all', async () => {
    const answer = await call(api, 'POST', '/user', { body: {} });
    expect(answer.status).toBe(400);
    expect((answer.body as { type: string }).type).toBe('validation');
  });

  it('GET user/exists answers for a username (any case) or an e-mail address', async () => {
    const exists = async (username: string) =>
      call(api, 'GET', `/user/exists?username=${encodeURIComponent(username)}`);
    expect(await exists('taken.NAME')).toEqual({ status: 200, body: { exists: true } });
    expect(await exists('Taken@Example.com')).toEqual({ status: 200, body: { exists: true } });
    expect(await exists('nobody')).toEqual({ status: 200, body: { exists: false } });
    expect(await exists('nobody@example.com')).toEqual({ status: 200, body: { exists: false } });
    expect(await call(api, 'GET', '/user/exists')).toEqual({
      status: 400,
      body: { type: 'validation', errors: ['Username is required'] },
    });
  });
});
