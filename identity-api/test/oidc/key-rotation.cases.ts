import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createRemoteJWKSet, customFetch, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import * as client from 'openid-client';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { readKeySet, rotateKeys } from '../../src/oidc/keys.js';
import {
  DEFAULT_TEST_PASSWORD,
  freePort,
  IdentityBrowser,
  startOnDatabase,
  type TestIdentityApi,
} from '../../src/testing.js';
import { postAsClient, refresh } from '../helpers.js';

const REDIRECT_URI = 'https://gateway.example/bff/callback';
const DAY = 24 * 60 * 60 * 1000;

// Two instances on one database behind one address (issue 25's load balancer), each with the key
// ring's clock in the test's hand and no reload timer: a reload happens when the test calls tick().
describe('key rotation with live sessions, on two instances sharing a database', () => {
  let testDb: TestDatabase;
  let a: TestIdentityApi;
  let b: TestIdentityApi;
  let clock = Date.now();
  const now = () => new Date(clock);
  let userId: string;

  const kidOf = (token: string | undefined) => decodeProtectedHeader(token ?? '').kid;
  const jwksOf = async (api: TestIdentityApi) =>
    ((await (await fetch(`${api.url}/oidc/jwks`)).json()) as JSONWebKeySet).keys.map((key) => key.kid);
  // The password grant at one instance's own address (the helpers' calls go to the shared issuer).
  const signInAt = async (api: TestIdentityApi) =>
    (
      await postAsClient({ ...api, issuer: `${api.url}/oidc` }, '/token', {
        grant_type: 'password',
        username: 'rita.rotation',
        password: DEFAULT_TEST_PASSWORD,
        scope: 'openid offline_access',
      })
    ).body;
  const profileStatus = async (api: TestIdentityApi, token: string | undefined) =>
    (await fetch(`${api.url}/user/${userId}`, { headers: { authorization: `Bearer ${token}` } })).status;

  // Before the rotation: the keys, a session (access, id and refresh token) and a JWKS consumer.
  let first: { current: string; next: string };
  let before: Awaited<ReturnType<typeof signInAt>>;
  let consumerFetches = 0;
  let remote: ReturnType<typeof createRemoteJWKSet>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const port = await freePort();
    const env = {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      GATEWAY_REDIRECT_URIS: REDIRECT_URI,
      SIGN_IN_PAGE_RATE_LIMIT: '1000',
    };
    a = await startOnDatabase(testDb.url, { port, env, keys: { now, timer: false } });
    b = await startOnDatabase(testDb.url, { env, keys: { now, timer: false } });
    ({ userId } = await a.createUser({
      username: 'rita.rotation',
      password: DEFAULT_TEST_PASSWORD,
      roles: ['employer'],
    }));
    remote = createRemoteJWKSet(new URL(`${a.url}/oidc/jwks`), {
      [customFetch]: (url: string, options: RequestInit) => {
        consumerFetches++;
        return fetch(url, options);
      },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await testDb?.drop();
  });

  it('publishes the next key beside the current one, and refuses to rotate before everyone can know it', async () => {
    const set = a.app.keyRing.set;
    first = { current: set.signing.current.kid, next: set.signing.next.kid };
    expect(b.app.keyRing.set.version).toBe(set.version);
    expect(await jwksOf(a)).toEqual([first.current, first.next]);

    before = await signInAt(a);
    expect(kidOf(before.access_token)).toBe(first.current);
    expect(kidOf(before.id_token)).toBe(first.current);
    await jwtVerify(before.access_token ?? '', remote, { issuer: a.issuer, audience: 'urn:pop:api' });
    expect(consumerFetches).toBe(1);

    // Not due (KEY_ROTATION_DAYS), and the next key is too young to sign anyway.
    await a.app.keyRing.tick();
    expect(a.app.keyRing.set.signing.current.kid).toBe(first.current);
    const early = await rotateKeys(a.app.identityDb, a.app.keyRing.policy, { now: now() });
    expect(early).toMatchObject({ rotated: false, reason: 'next-too-young' });
    expect(a.app.keyRing.set.signing.current.kid).toBe(first.current);
  });

  it('rotates on schedule: the published next key signs, earlier tokens still verify here and at a JWKS consumer', async () => {
    clock += 30 * DAY;
    await a.app.keyRing.tick();
    const set = a.app.keyRing.set;
    expect(set.signing.current.kid).toBe(first.next);
    expect(set.signing.retiring.map((key) => key.kid)).toEqual([first.current]);
    expect(await jwksOf(a)).toEqual([first.next, set.signing.next.kid, first.current]);

    const after = await signInAt(a);
    expect(kidOf(after.access_token)).toBe(first.next);
    expect(kidOf(after.id_token)).toBe(first.next);

    // The consumer fetched the JWKS before the rotation: the new kid was in it already, no refetch.
    await jwtVerify(after.access_token ?? '', remote, { issuer: a.issuer, audience: 'urn:pop:api' });
    await jwtVerify(before.access_token ?? '', remote, { issuer: a.issuer, audience: 'urn:pop:api' });
    expect(consumerFetches).toBe(1);
    // A consumer that starts now sees both too.
    const fresh = createRemoteJWKSet(new URL(`${a.url}/oidc/jwks`));
    await jwtVerify(before.access_token ?? '', fresh, { issuer: a.issuer, audience: 'urn:pop:api' });

    expect(await profileStatus(a, before.access_token)).toBe(200);
    expect(await profileStatus(a, after.access_token)).toBe(200);
  });

  it('the other instance verifies the new key at once and signs with it after its reload', async () => {
    const after = await signInAt(a);
    // Not reloaded yet: still signs with the old key, and knows the new one (it was the next key).
    expect(kidOf((await signInAt(b)).access_token)).toBe(first.current);
    expect(await profileStatus(b, after.access_token)).toBe(200);

    await b.app.keyRing.tick();
    expect(b.app.keyRing.set.version).toBe(a.app.keyRing.set.version);
    expect(kidOf((await signInAt(b)).access_token)).toBe(first.next);
    expect(await jwksOf(b)).toEqual(await jwksOf(a));
    expect(await profileStatus(b, before.access_token)).toBe(200);
  });

  it('keeps live sessions: a refresh token issued before the rotation refreshes on either instance', async () => {
    const refreshed = await refresh({ ...b, issuer: `${b.url}/oidc` }, before.refresh_token ?? '');
    expect(refreshed.status).toBe(200);
    expect(kidOf(refreshed.body.access_token)).toBe(first.next);
    const again = await refresh(a, refreshed.body.refresh_token ?? '');
    expect(again.status).toBe(200);
  });

  it('finishes sign-ins on the page across a rotation and across instances that have not reloaded yet', async () => {
    const config = await client.discovery(
      new URL(a.issuer),
      a.clientId,
      undefined,
      client.ClientSecretBasic(a.clientSecret),
      { execute: [client.allowInsecureRequests] },
    );
    // Opens the page at `a` (its cookies signed with a's current cookie key); `finish` posts the form
    // and follows the redirect at the instance given, then redeems the code.
    const begin = async () => {
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid offline_access',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
      });
      const browser = new IdentityBrowser(a.url);
      const form = await browser.follow(await browser.request(url.toString()), url.toString());
      expect(form.page).toContain('Sign in');
      const at = (api: TestIdentityApi, target: string) => `${api.url}${new URL(target, a.url).pathname}`;
      const finish = async (api: TestIdentityApi) => {
        const posted = await browser.request(at(api, form.url), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            username: 'rita.rotation',
            password: DEFAULT_TEST_PASSWORD,
          }).toString(),
        });
        expect(posted.status).toBe(303);
        const resume = at(api, posted.headers.get('location') ?? '');
        const done = await browser.follow(await browser.request(resume), resume);
        expect(done.redirectTo).toContain(`${REDIRECT_URI}?code=`);
        return client.authorizationCodeGrant(config, new URL(done.redirectTo ?? ''), {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
        });
      };
      return { finish };
    };

    const begunBefore = await begin();
    const cookieKeyBefore = a.app.keyRing.set.cookie.current.kid;
    clock += 30 * DAY;
    await a.app.keyRing.tick();
    expect(a.app.keyRing.set.cookie.current.kid).not.toBe(cookieKeyBefore);

    // a verifies the cookies of before with that key, now retiring.
    const tokens = await begunBefore.finish(a);
    expect(kidOf(tokens.access_token)).toBe(a.app.keyRing.set.signing.current.kid);
    // b has not reloaded: it verifies a's cookies signed with the new key, its next key.
    const begunAfter = await begin();
    expect(b.app.keyRing.set.cookie.next.kid).toBe(a.app.keyRing.set.cookie.current.kid);
    await begunAfter.finish(b);
    await b.app.keyRing.tick();
  });

  it('of two rotations at once, exactly one happens', async () => {
    clock += 30 * DAY;
    const seen = a.app.keyRing.set.signing.current.kid;
    // PostgreSQL: each instance's own pool. SQLite: one connection (better-sqlite3 connections in one
    // process cannot wait for each other's lock; separate processes wait through busy_timeout).
    const other = testDb.url.startsWith('postgres') ? b.app.identityDb : a.app.identityDb;
    const outcomes = await Promise.all(
      [a.app.identityDb, other].map((db) =>
        rotateKeys(db, a.app.keyRing.policy, { now: now(), expectedCurrentKid: seen }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.rotated).sort()).toEqual([false, true]);
    expect(outcomes.find((outcome) => !outcome.rotated)).toMatchObject({ reason: 'already-rotated' });

    const rows = await a.app.identityDb
      .selectFrom('rotating_key')
      .select(['kind', 'state'])
      .where('state', 'in', ['current', 'next'])
      .execute();
    expect(rows.sort((x, y) => `${x.kind}${x.state}`.localeCompare(`${y.kind}${y.state}`))).toEqual([
      { kind: 'cookie', state: 'current' },
      { kind: 'cookie', state: 'next' },
      { kind: 'signing', state: 'current' },
      { kind: 'signing', state: 'next' },
    ]);
    await a.app.keyRing.tick();
    await b.app.keyRing.tick();
    expect(a.app.keyRing.set.signing.retiring.map((key) => key.kid)).toContain(seen);
  });

  it('drops a retiring key after retire_after: gone from the JWKS and the database, its tokens refused', async () => {
    const retiring = a.app.keyRing.set.signing.retiring;
    // Every key retired by the rotations above is past its retire_after (the clock moved 30 days each time).
    expect(retiring.map((key) => key.kid)).not.toContain(first.current);
    expect(await jwksOf(a)).not.toContain(first.current);
    expect(await profileStatus(a, before.access_token)).toBe(401);

    const newest = retiring[0];
    expect(await jwksOf(a)).toContain(newest?.kid);
    clock = (newest?.retireAfter?.getTime() ?? 0) + 1;
    await a.app.keyRing.tick();
    await b.app.keyRing.tick();
    expect(await jwksOf(a)).not.toContain(newest?.kid);
    expect(await jwksOf(b)).not.toContain(newest?.kid);
    const stored = await a.app.identityDb.selectFrom('rotating_key').select('kid').execute();
    expect(stored.map((row) => row.kid)).not.toContain(newest?.kid);
    expect(stored.map((row) => row.kid)).not.toContain(first.current);
  });
});

// A listener of the key ring (the provider rebuild, a bearer verifier) that throws must not leave the
// new set recorded as applied: the next reload would see the same version and never offer it again,
// and the instance would go on signing with a key that later retires.
describe('key rotation when applying the new key set fails once', () => {
  let testDb: TestDatabase;
  let api: TestIdentityApi;
  let clock = Date.now();
  const now = () => new Date(clock);
  const lines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    api = await startOnDatabase(testDb.url, {
      env: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => void lines.push(line) },
      keys: { now, timer: false },
    });
    await api.createUser({ username: 'fay.failure', password: DEFAULT_TEST_PASSWORD, roles: ['employer'] });
  });
  afterAll(async () => {
    await api?.close();
    await testDb?.drop();
  });

  const signingKidOfNewToken = async () => {
    const { body } = await postAsClient(api, '/token', {
      grant_type: 'password',
      username: 'fay.failure',
      password: DEFAULT_TEST_PASSWORD,
      scope: 'openid offline_access',
    });
    return decodeProtectedHeader(body.access_token ?? '').kid;
  };

  it('records the new set only once every listener took it, and offers it again at the next reload', async () => {
    const ring = api.app.keyRing;
    const before = ring.set;
    // Registered after the provider's and the verifiers' listeners; it fails the first time only.
    const offered: string[] = [];
    ring.onChange((set) => {
      offered.push(set.version);
      if (offered.length === 1) throw new Error('applying the key set failed');
    });

    clock += 30 * DAY;
    await ring.tick();
    const rotated = await readKeySet(api.app.identityDb, now());
    expect(rotated.signing.current.kid).toBe(before.signing.next.kid);
    expect(offered).toEqual([rotated.version]);
    // Not recorded as applied, and the failure is in the log.
    expect(ring.set.version).toBe(before.version);
    expect(lines.filter((line) => line.includes('key set not applied'))).toHaveLength(1);

    // The next reload offers the same set again to every listener, and this time it is applied.
    await ring.tick();
    expect(offered).toEqual([rotated.version, rotated.version]);
    expect(ring.set.version).toBe(rotated.version);
    expect(await signingKidOfNewToken()).toBe(rotated.signing.current.kid);

    // Applied: a further reload offers nothing.
    await ring.tick();
    expect(offered).toHaveLength(2);
    expect(lines.filter((line) => line.includes('key set not applied'))).toHaveLength(1);
  });
});
