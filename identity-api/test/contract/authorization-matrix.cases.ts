import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from 'shared-domain';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { accountState } from './account-state.js';
import { accessToken, call } from '../routes/http.js';

/**
 * The account API's authorization matrix (issue 8 §3, as cart-api's): every operation of identity-api's
 * OpenAPI document × guest, broker A, broker B, employer A, employer B, compliance × their own account
 * and a foreign one. The expected statuses come from this table, keyed `METHOD path`: an operation
 * without a row fails the test. A refusal answers with a message and changes nothing.
 */
const CALLERS = ['guest', 'brokerA', 'brokerB', 'employerA', 'employerB', 'compliance'] as const;
type CallerName = (typeof CALLERS)[number];
type AccountName = Exclude<CallerName, 'guest'>;
type Expectation = Record<CallerName, readonly [own: number, foreign: number]>;

const ROLES: Record<AccountName, Role> = {
  brokerA: 'broker',
  brokerB: 'broker',
  employerA: 'employer',
  employerB: 'employer',
  compliance: 'compliance',
};
const PASSWORD = 'MatrixPass2026';

/** Whose account is "own" and "foreign" for each caller (guests: any two). */
const SIDES: Record<CallerName, readonly [AccountName, AccountName]> = {
  guest: ['brokerA', 'employerB'],
  brokerA: ['brokerA', 'brokerB'],
  brokerB: ['brokerB', 'brokerA'],
  employerA: ['employerA', 'employerB'],
  employerB: ['employerB', 'employerA'],
  compliance: ['compliance', 'brokerA'],
};

const everyone = (status: number) =>
  Object.fromEntries(CALLERS.map((name) => [name, [status, status] as const])) as Expectation;
/** The caller's own account only: another's reads like an unknown one, for compliance too (policy.ts). */
const SELF_ONLY = (status: number): Expectation => ({
  guest: [401, 401],
  brokerA: [status, 404],
  brokerB: [status, 404],
  employerA: [status, 404],
  employerB: [status, 404],
  compliance: [status, 404],
});

/** Compliance's back office: brokers and employers 403, guests 401. */
const COMPLIANCE_ONLY = (status: number): Expectation => ({
  ...everyone(403),
  guest: [401, 401],
  compliance: [status, status],
});

interface Target {
  userId: string;
  username: string;
}
interface Row {
  expect: Expectation;
  query?: string;
  body?: (target: Target) => object;
}

let registrations = 0;
const MATRIX: Record<string, Row> = {
  'GET /user/exists': { expect: everyone(200), query: 'username=nobody.here' },
  'POST /user': {
    expect: everyone(201),
    body: () => {
      registrations += 1;
      return {
        accountType: 'broker',
        firstname: 'New',
        lastname: 'Broker',
        companyName: '',
        username: `matrix.new.${registrations}`,
        email: `matrix.new.${registrations}@example.test`,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      };
    },
  },
  'GET /user/{userId}': { expect: SELF_ONLY(200) },
  'POST /user/{userId}': {
    expect: SELF_ONLY(200),
    body: (target) => ({
      userId: target.userId,
      userName: target.username,
      firstName: 'Same',
      lastName: 'Name',
      email: `${target.username}@example.test`,
      changePassword: false,
    }),
  },
  'POST /user/{userId}/login': { expect: SELF_ONLY(204), body: () => ({ referralId: null }) },
  // A link that was never issued: refused alike for everyone, and the account is untouched.
  'POST /user/{userId}/token/{token}': {
    expect: everyone(400),
    body: (target) => ({
      userId: target.userId,
      username: target.username,
      firstname: 'Taken',
      lastname: 'Over',
      email: 'taken.over@example.test',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    }),
  },
  'GET /temporary-user-token': { expect: everyone(400), query: 'token=never-issued' },
  // An e-mail verification link that was never issued: refused alike for everyone (public: it is opened
  // from the mailbox), and no account changes.
  'POST /user/verify-email': { expect: everyone(400), body: () => ({ token: 'never-issued' }) },
  'GET /user/{userId}/email-verification': { expect: SELF_ONLY(200) },
  // The matrix's accounts have unverified addresses: each owner gets a new link.
  'POST /user/{userId}/email-verification': { expect: SELF_ONLY(200) },
  // The same answer whoever is named (no account is revealed); nobody.here has no account, so no passcode.
  'GET /authentication/password/reset': { expect: everyone(200), query: 'username=nobody.here' },
  'POST /authentication/password/reset': {
    expect: everyone(400),
    body: (target) => ({
      username: target.username,
      passcode: '000000',
      password: PASSWORD,
      confirm: PASSWORD,
    }),
  },
  // The user search: compliance and brokers (a broker by exact username or e-mail); employers never.
  'GET /user': {
    expect: { ...everyone(200), guest: [401, 401], employerA: [403, 403], employerB: [403, 403] },
    query: 'username=matrix.brokera',
  },
  // The back office's user links (/admin/users): compliance only, any user (the other one: employerB).
  'GET /user/{userId}/linked-user': { expect: COMPLIANCE_ONLY(200) },
  'POST /user/{userId}/{otherUserId}': { expect: COMPLIANCE_ONLY(200) },
  'DELETE /user/{userId}/{otherUserId}': { expect: COMPLIANCE_ONLY(204) },
  // cart-api's service routes: its client-credentials token only, never a user's, whatever the role.
  'POST /internal/users/links': {
    expect: { ...everyone(403), guest: [401, 401] },
    body: (target) => ({ userId: target.userId }),
  },
  'POST /internal/users/lookup': {
    expect: { ...everyone(403), guest: [401, 401] },
    body: (target) => ({ userIds: [target.userId] }),
  },
  'POST /internal/users/referrals': {
    expect: { ...everyone(403), guest: [401, 401] },
    body: (target) => ({ userId: target.userId }),
  },
  'POST /internal/users/found': {
    expect: { ...everyone(403), guest: [401, 401] },
    body: (target) => ({ searcherId: target.userId, userIds: [target.userId] }),
  },
  'POST /internal/users/invite': {
    expect: { ...everyone(403), guest: [401, 401] },
    body: () => ({
      email: 'matrix.invited@example.test',
      firstName: 'In',
      lastName: 'Vited',
      companyName: '',
    }),
  },
};

describe('the account API authorization matrix', () => {
  let api: TestIdentityApi;
  const accounts = {} as Record<AccountName, Target & { token: string }>;

  beforeAll(async () => {
    api = await startIdentityApi();
    for (const [name, role] of Object.entries(ROLES) as [AccountName, Role][]) {
      const username = `matrix.${name.toLowerCase()}`;
      const { userId } = await api.createUser({
        username,
        password: PASSWORD,
        roles: [role],
        email: `${username}@example.test`,
      });
      accounts[name] = { userId, username, token: await accessToken(api, username, PASSWORD) };
    }
  }, 30_000);
  afterAll(async () => {
    await api?.close();
  });

  const state = () => accountState(api);

  async function operations(): Promise<string[]> {
    const document = (await (await fetch(`${api.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    return Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
  }

  it('has a row for every operation, and no row for an operation that is gone', async () => {
    expect((await operations()).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it.each(Object.keys(MATRIX))('%s', async (key) => {
    const row = MATRIX[key]!;
    const [method, path] = key.split(' ') as ['GET' | 'POST' | 'DELETE', string];
    const seen: string[] = [];
    const wanted: string[] = [];
    for (const caller of CALLERS) {
      for (const [side, name] of SIDES[caller].entries()) {
        const target = accounts[name];
        const url =
          path
            .replace('{userId}', target.userId)
            .replace('{otherUserId}', accounts.employerB.userId)
            .replace('{token}', 'never-issued') + (row.query ? `?${row.query}` : '');
        const before = await state();
        const answer = await call(api, method, url, {
          bearer: caller === 'guest' ? undefined : accounts[caller].token,
          body: row.body?.(target) ?? (method === 'POST' ? {} : undefined),
        });
        const label = `${caller} ${side === 0 ? 'own' : 'foreign'} ${method} ${url}`;
        seen.push(`${label} → ${answer.status}`);
        wanted.push(`${label} → ${row.expect[caller][side]}`);
        if (answer.status >= 400) {
          // A refusal says why in one message (the catalogue's, or the reset screen's) and changes nothing.
          expect(typeof (answer.body as { message?: unknown }).message).toBe('string');
          expect(await state()).toBe(before);
        }
      }
    }
    expect(seen).toEqual(wanted);
  });
});
