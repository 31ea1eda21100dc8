import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPair, importJWK, SignJWT } from 'jose';
import { ACCOUNT_MESSAGES, PASSWORD_POLICY_TEXT } from 'shared-domain';
import { signingKeys } from '../../src/oidc/secrets.js';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { findById } from '../../src/users/users.js';
import { accessToken, call } from './http.js';

const PASSWORD = 'Profile2026';

describe('owner-only account routes: GET/POST user/{userId}, POST user/{userId}/login', () => {
  let api: TestIdentityApi;
  let owner: { userId: string; token: string };
  let other: { userId: string; token: string };

  beforeAll(async () => {
    api = await startIdentityApi();
    const make = async (username: string) => {
      const { userId } = await api.createUser({
        username,
        password: PASSWORD,
        roles: ['employer'],
        email: `${username}@example.com`,
        firstName: 'Pat',
        lastName: 'Owner',
      });
      return { userId, token: await accessToken(api, username, PASSWORD) };
    };
    owner = await make('profile.owner');
    other = await make('profile.other');
  });
  afterAll(async () => {
    await api.close();
  });

  const profileBody = (overrides: Record<string, unknown> = {}) => ({
    userId: owner.userId,
    userName: 'profile.owner',
    firstName: 'Pat',
    lastName: 'Owner',
    email: 'profile.owner@example.com',
    changePassword: false,
    password: '',
    confirmPassword: '',
    ...overrides,
  });

  describe('the bearer check', () => {
    it('answers 401 without a token or with one that is not ours', async () => {
      const { privateKey } = await generateKeyPair('RS256');
      const forged = await new SignJWT({ sub: owner.userId })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'forged' })
        .setIssuer(api.issuer)
        .setAudience('urn:pop:api')
        .setExpirationTime('5m')
        .sign(privateKey);
      const tokens = await api.passwordGrant('profile.owner', PASSWORD);
      for (const bearer of [undefined, 'not-a-jwt', forged, tokens.id_token]) {
        for (const [method, path] of [
          ['GET', `/user/${owner.userId}`],
          ['POST', `/user/${owner.userId}`],
          ['POST', `/user/${owner.userId}/login`],
        ] as const) {
          const answer = await call(api, method, path, { bearer, body: method === 'POST' ? {} : undefined });
          expect(answer.status).toBe(401);
          expect(answer.body).toEqual({
            message: bearer ? 'Invalid or expired access token' : 'Authentication required',
          });
        }
      }
    });

    it('answers 401 for a token signed with our key that has expired', async () => {
      const [jwk] = await signingKeys(api.app.identityDb);
      const key = await importJWK(jwk ?? {}, 'RS256');
      const expired = await new SignJWT({ sub: owner.userId })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk?.kid })
        .setIssuer(api.issuer)
        .setAudience('urn:pop:api')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(key);
      expect((await call(api, 'GET', `/user/${owner.userId}`, { bearer: expired })).status).toBe(401);

      const wrongAudience = await new SignJWT({ sub: owner.userId })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk?.kid })
        .setIssuer(api.issuer)
        .setAudience('urn:other')
        .setExpirationTime('5m')
        .sign(key);
      expect((await call(api, 'GET', `/user/${owner.userId}`, { bearer: wrongAudience })).status).toBe(401);
    });

    // Issue 8 §3: another user's account reads exactly like one that does not exist (no existence leak).
    it("answers 404 for another user's account, before looking at the input", async () => {
      for (const [method, path] of [
        ['GET', `/user/${owner.userId}`],
        ['POST', `/user/${owner.userId}`],
        ['POST', `/user/${owner.userId}/login`],
      ] as const) {
        expect(
          await call(api, method, path, { bearer: other.token, body: method === 'POST' ? {} : undefined }),
        ).toEqual({ status: 404, body: { message: 'No such user' } });
      }
      expect((await findById(api.app.identityDb, owner.userId))?.firstName).toBe('Pat');
    });
  });

  describe('GET and POST user/{userId}', () => {
    it('answers the ProfileUser', async () => {
      expect(await call(api, 'GET', `/user/${owner.userId}`, { bearer: owner.token })).toEqual({
        status: 200,
        body: {
          userId: owner.userId,
          userName: 'profile.owner',
          firstName: 'Pat',
          lastName: 'Owner',
          email: 'profile.owner@example.com',
        },
      });
    });

    it('saves the names and e-mail, keeps the password, and answers the updated ProfileUser', async () => {
      const answer = await call(api, 'POST', `/user/${owner.userId}`, {
        bearer: owner.token,
        body: profileBody({ firstName: 'Patricia', email: 'patricia@example.com', password: 'ignored' }),
      });
      expect(answer).toEqual({
        status: 200,
        body: {
          userId: owner.userId,
          userName: 'profile.owner',
          firstName: 'Patricia',
          lastName: 'Owner',
          email: 'patricia@example.com',
        },
      });
      expect((await api.passwordGrant('profile.owner', PASSWORD)).access_token).toBeDefined();
    });

    it('changes the username when it is free, never to one that is taken', async () => {
      expect(
        await call(api, 'POST', `/user/${owner.userId}`, {
          bearer: owner.token,
          body: profileBody({ userName: 'PROFILE.other' }),
        }),
      ).toEqual({ status: 400, body: { message: ACCOUNT_MESSAGES.usernameTaken } });

      const renamed = await call(api, 'POST', `/user/${owner.userId}`, {
        bearer: owner.token,
        body: profileBody({ userName: 'Profile.Renamed' }),
      });
      expect(renamed.body).toMatchObject({ userName: 'Profile.Renamed' });
      expect((await api.passwordGrant('profile.renamed', PASSWORD)).access_token).toBeDefined();

      // Its own name in another case is not "taken".
      const recased = await call(api, 'POST', `/user/${owner.userId}`, {
        bearer: owner.token,
        body: profileBody({ userName: 'profile.owner' }),
      });
      expect(recased.body).toMatchObject({ userName: 'profile.owner' });
    });

    it('with changePassword, sets a new password that meets the policy', async () => {
      const weak = await call(api, 'POST', `/user/${owner.userId}`, {
        bearer: owner.token,
        body: profileBody({ changePassword: true, password: 'weakweak', confirmPassword: 'weakweak' }),
      });
      expect(weak).toEqual({ status: 400, body: { type: 'validation', errors: [PASSWORD_POLICY_TEXT] } });
      const mismatch = await call(api, 'POST', `/user/${owner.userId}`, {
        bearer: owner.token,
        body: profileBody({ changePassword: true, password: 'Changed2027', confirmPassword: 'Changed2028' }),
      });
      expect(mismatch).toEqual({
        status: 400,
        body: { type: 'validation', errors: [ACCOUNT_MESSAGES.passwordsDoNotMatch] },
      });
      expect((await api.passwordGrant('profile.owner', PASSWORD)).access_token).toBeDefined();

      const changed = await call(api, 'POST', `/user/${owner.userId}`, {
        bearer: owner.token,
        body: profileBody({ changePassword: true, password: 'Changed2027', confirmPassword: 'Changed2027' }),
      });
      expect(changed.status).toBe(200);
      expect((await api.passwordGrant('profile.owner', 'Changed2027')).access_token).toBeDefined();
      expect((await api.passwordGrant('profile.owner', PASSWORD)).error_description).toBe('unauthorized');
    });

    it('refuses bad input and changes nothing', async () => {
      const before = await findById(api.app.identityDb, owner.userId);
      expect(
        await call(api, 'POST', `/user/${owner.userId}`, {
          bearer: owner.token,
          body: profileBody({ firstName: '', email: 'nope' }),
        }),
      ).toEqual({
        status: 400,
        body: { type: 'validation', errors: ['First name is required', ACCOUNT_MESSAGES.invalidEmail] },
      });
      expect(
        await call(api, 'POST', `/user/${owner.userId}`, {
          bearer: owner.token,
          body: profileBody({ userId: other.userId, firstName: 'Mallory' }),
        }),
      ).toEqual({
        status: 400,
        body: { type: 'validation', errors: ['The userId does not match the address'] },
      });
      expect(await findById(api.app.identityDb, owner.userId)).toEqual(before);
    });
  });

  describe('POST user/{userId}/login', () => {
    const logins = () =>
      api.app.identityDb
        .selectFrom('user_login')
        .select(['referral_id', 'signed_in_at'])
        .where('user_id', '=', owner.userId)
        .orderBy('signed_in_at')
        .execute();

    it('records each sign-in; the user keeps the first referral id', async () => {
      const started = new Date().toISOString();
      expect(
        await call(api, 'POST', `/user/${owner.userId}/login`, {
          bearer: owner.token,
          body: { referralId: null },
        }),
      ).toEqual({
        status: 204,
        body: undefined,
      });
      expect((await findById(api.app.identityDb, owner.userId))?.referralId).toBeNull();

      await call(api, 'POST', `/user/${owner.userId}/login`, {
        bearer: owner.token,
        body: { referralId: 'first-ref' },
      });
      await call(api, 'POST', `/user/${owner.userId}/login`, {
        bearer: owner.token,
        body: { referralId: 'later-ref' },
      });
      await call(api, 'POST', `/user/${owner.userId}/login`, { bearer: owner.token });

      const rows = await logins();
      expect(rows.map((row) => row.referral_id)).toEqual([null, 'first-ref', 'later-ref', null]);
      expect(rows.every((row) => row.signed_in_at >= started)).toBe(true);
      expect((await findById(api.app.identityDb, owner.userId))?.referralId).toBe('first-ref');
    });

    it('refuses a referral id that is not a short string', async () => {
      const before = (await logins()).length;
      const answer = await call(api, 'POST', `/user/${owner.userId}/login`, {
        bearer: owner.token,
        body: { referralId: 'x'.repeat(101) },
      });
      expect(answer.status).toBe(400);
      expect((answer.body as { type: string }).type).toBe('validation');
      expect(await logins()).toHaveLength(before);
    });
  });
});
