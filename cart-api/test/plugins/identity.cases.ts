import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startIdentityApi } from 'identity-api/testing';
import Fastify from 'fastify';
import { loadConfig } from '../../src/config.js';
import identityPlugin, {
  identityClient,
  IdentityServiceError,
  type IdentityClientOptions,
} from '../../src/plugins/app/identity.js';

/** The link to identity-api against the real thing (in-process, as test/integration does). */
describe('app.identity: identity-api server to server (client credentials)', () => {
  let identity: Awaited<ReturnType<typeof startIdentityApi>>;
  let options: IdentityClientOptions;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    identity = await startIdentityApi();
    for (const [username, roles] of [
      ['pat.lee', ['employer']],
      ['bea.broker', ['broker']],
    ] as const) {
      ({ userId: ids[username] } = await identity.createUser({
        username,
        password: 'TestPass2026',
        roles: [...roles],
        firstName: username.split('.')[0],
        lastName: 'Person',
        email: `${username}@example.com`,
      }));
    }
    // cart-api's own configuration defaults: the same development client as identity-api's.
    const config = loadConfig({ IDENTITY_ISSUER: identity.issuer, NODE_ENV: 'test' });
    expect(config.identityUrl).toBe(identity.url);
    options = {
      issuer: config.identityIssuer,
      identityUrl: config.identityUrl,
      clientId: config.cartApiClientId,
      clientSecret: config.cartApiClientSecret!,
    };
  });
  afterAll(async () => {
    await identity?.close();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  /** The token requests the client makes from now on. */
  function countTokenRequests() {
    const requests: string[] = [];
    const original = globalThis.fetch;
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input).endsWith('/token')) requests.push(String(input));
      return original(input, init);
    });
    return requests;
  }

  it('looks users up (unknown ids absent), in batches of 500', async () => {
    const client = identityClient(options);
    const padding = Array.from({ length: 700 }, (_, index) => `nobody-${index}`);
    const users = await client.lookupUsers([...padding, ids['pat.lee']!, ids['bea.broker']!]);
    expect(users.sort((a, b) => a.userName.localeCompare(b.userName))).toEqual([
      {
        userId: ids['bea.broker'],
        userName: 'bea.broker',
        firstName: 'bea',
        lastName: 'Person',
        email: 'bea.broker@example.com',
        role: 'broker',
      },
      {
        userId: ids['pat.lee'],
        userName: 'pat.lee',
        firstName: 'pat',
        lastName: 'Person',
        email: 'pat.lee@example.com',
        role: 'employer',
      },
    ]);
    expect(await client.lookupUsers([])).toEqual([]);
  });

  it('invites: a new employer with a first-login link, then the same account (a new link while it is not set up)', async () => {
    const client = identityClient(options);
    const input = { email: 'client@newco.test', firstName: 'Cleo', lastName: 'Client', companyName: 'NewCo' };
    const created = await client.inviteUser(input);
    expect(created).toEqual({
      userId: expect.any(String),
      created: true,
      setupUrl: expect.stringMatching(/^http:\/\/localhost:3000\/first-time-setup\/[\w-]{43}$/),
    });
    expect(await client.inviteUser({ ...input, email: 'CLIENT@newco.test' })).toEqual({
      userId: created.userId,
      created: false,
      setupUrl: expect.stringMatching(/\/first-time-setup\/[\w-]{43}$/),
    });
    expect((await client.lookupUsers([created.userId]))[0]).toMatchObject({
      role: 'employer',
      lastName: 'Client',
    });
  });

  it("reads a user's links (the users linked to them, with their roles)", async () => {
    const client = identityClient(options);
    expect(await client.linkedUsers(ids['pat.lee']!)).toEqual([]);
    // Linked as compliance's users screen links them (POST user/{userId}/{otherUserId}): both directions.
    const now = new Date().toISOString();
    await identity.app.identityDb
      .insertInto('user_link')
      .values([
        { user_id: ids['pat.lee']!, linked_user_id: ids['bea.broker']!, created_at: now },
        { user_id: ids['bea.broker']!, linked_user_id: ids['pat.lee']!, created_at: now },
      ])
      .execute();
    expect(await client.linkedUsers(ids['pat.lee']!)).toEqual([
      { userId: ids['bea.broker'], role: 'broker' },
    ]);
    expect(await client.linkedUsers(ids['bea.broker']!)).toEqual([
      { userId: ids['pat.lee'], role: 'employer' },
    ]);
    expect(await client.linkedUsers('no-such-user')).toEqual([]);
  });

  it("reads a user's referral ids and whom a broker's exact search found (issue 21)", async () => {
    const client = identityClient(options);
    expect(await client.referralIds(ids['pat.lee']!)).toEqual([]);
    const db = identity.app.identityDb;
    await db
      .insertInto('user_login')
      .values({
        id: 'login-1',
        user_id: ids['pat.lee']!,
        signed_in_at: new Date().toISOString(),
        referral_id: 'partner-ref',
      })
      .execute();
    expect(await client.referralIds(ids['pat.lee']!)).toEqual(['partner-ref']);

    expect(await client.foundBy(ids['bea.broker']!, [ids['pat.lee']!])).toEqual([]);
    await db
      .insertInto('user_find')
      .values({
        searcher_id: ids['bea.broker']!,
        user_id: ids['pat.lee']!,
        found_at: new Date().toISOString(),
      })
      .execute();
    expect(await client.foundBy(ids['bea.broker']!, [ids['pat.lee']!, 'no-such-user'])).toEqual([
      ids['pat.lee'],
    ]);
    expect(await client.foundBy(ids['bea.broker']!, [])).toEqual([]);
  });

  it('asks for one token for many calls, with one request in flight, and renews it before it expires', async () => {
    let clock = Date.now();
    const client = identityClient({ ...options, now: () => clock });
    const requests = countTokenRequests();
    await Promise.all(Array.from({ length: 5 }, () => client.lookupUsers([ids['pat.lee']!])));
    await client.lookupUsers([ids['bea.broker']!]);
    expect(requests).toHaveLength(1);
    // identity-api's tokens last 30 minutes: after 29 there is one more minute, so a new one is asked for.
    clock += 29 * 60_000 + 1;
    await client.lookupUsers([ids['pat.lee']!]);
    expect(requests).toHaveLength(2);
  });

  it('says clearly what failed: refused credentials, an unreachable or a silent identity service', async () => {
    await expect(identityClient({ ...options, clientSecret: 'wrong' }).lookupUsers(['x'])).rejects.toThrow(
      "The identity service refused cart-api's client credentials (401 invalid_client)",
    );
    const closed = await listen(() => undefined);
    await closed.close();
    await expect(
      identityClient({ ...options, issuer: `${closed.url}/oidc`, identityUrl: closed.url }).lookupUsers([
        'x',
      ]),
    ).rejects.toThrow('The identity service could not be reached to get its access token (failed)');
    const silent = await listen(() => undefined); // never answers
    try {
      const failure = identityClient({ ...options, identityUrl: silent.url, timeoutMs: 200 }).inviteUser({
        email: 'a@b.test',
        firstName: 'A',
        lastName: 'B',
        companyName: '',
      });
      await expect(failure).rejects.toThrow(
        'The identity service could not be reached to invite a user (timed out)',
      );
      await expect(failure).rejects.toBeInstanceOf(IdentityServiceError);
    } finally {
      await silent.close();
    }
  });

  it('drops a token identity-api no longer accepts and tries once more with a new one', async () => {
    const issued: string[] = [];
    const fake = await listen((request, response) => {
      if (request.url === '/oidc/token') {
        const token = `token-${issued.length + 1}`;
        issued.push(token);
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(JSON.stringify({ access_token: token, expires_in: 1800, token_type: 'Bearer' }));
      }
      const fresh = request.headers.authorization === `Bearer token-2`;
      response.writeHead(fresh ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify(fresh ? { users: [] } : { message: 'Invalid or expired access token' }));
    });
    try {
      const client = identityClient({ ...options, issuer: `${fake.url}/oidc`, identityUrl: fake.url });
      expect(await client.lookupUsers(['x'])).toEqual([]);
      expect(issued).toEqual(['token-1', 'token-2']);
    } finally {
      await fake.close();
    }
  });
});

describe('the identity plugin', () => {
  it('refuses to start without the client secret (production leaves it unset)', async () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.cartApiClientSecret).toBeUndefined();
    const app = Fastify({ logger: false });
    app.register(identityPlugin, {
      client: {
        issuer: config.identityIssuer,
        identityUrl: config.identityUrl,
        clientId: config.cartApiClientId,
        clientSecret: config.cartApiClientSecret,
      },
    });
    await expect(app.ready()).rejects.toThrow('CART_API_CLIENT_SECRET is required when NODE_ENV=production');
    await app.close();
  });
});

async function listen(handler: Parameters<typeof createServer>[1] & object) {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
