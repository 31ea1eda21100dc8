import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { findById } from '../../src/users/users.js';
import { accessToken, call } from '../routes/http.js';
import { startSmtpSink, type SmtpSink } from '../smtp-sink.js';

const APP_URL = 'https://pop.example.test';
const PASSWORD = 'Squat2026pass';
const VICTIM = 'owner.of.the.address@example.test';

/**
 * Issue 21 item 1, the attack replayed against identity-api: an account registered first with someone
 * else's address (never verified: the link goes to the real addressee's mailbox) must not be the
 * account that address names. Before verified addresses, cart-api's invitation found the squatter
 * (the oldest account with the address), a broker's search by e-mail found it (and the broker added it
 * to the client's company), and the address named nobody for a reset once the real owner registered too.
 */
describe('an address squatted by an account registered first with it', () => {
  let smtp: SmtpSink;
  let api: TestIdentityApi;
  let squatterId: string;
  let serviceToken: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startIdentityApi({ env: { SMTP_URL: smtp.url, APP_URL } });
    const squatter = await call(api, 'POST', '/user', {
      body: {
        accountType: 'employer',
        firstname: 'Mallory',
        lastname: 'Squatter',
        companyName: '',
        email: VICTIM,
        username: 'mallory.squatter',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        referralId: null,
      },
    });
    expect(squatter.status).toBe(201);
    squatterId = (squatter.body as { userId: string }).userId;
    await api.mailSettled();
    serviceToken = (await api.clientCredentialsGrant()).access_token!;
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const invite = () =>
    call(api, 'POST', '/internal/users/invite', {
      bearer: serviceToken,
      body: {
        email: VICTIM.toUpperCase(),
        firstName: 'Olive',
        lastName: 'Owner',
        companyName: 'Olive Farms',
      },
    });

  it("an invitation to the address is never the squatter's: a new account is made for the addressee", async () => {
    const answer = await invite();
    expect(answer.status).toBe(200);
    const { userId, created, setupUrl } = answer.body as {
      userId: string;
      created: boolean;
      setupUrl: string;
    };
    expect(userId).not.toBe(squatterId);
    expect(created).toBe(true);
    expect(setupUrl).toMatch(new RegExp(`^${APP_URL}/first-time-setup/`));
    // The squatter's account is untouched and still unverified.
    expect(await findById(api.app.identityDb, squatterId)).toMatchObject({ emailVerified: false });
  });

  it("a broker's search by the address does not find the squatter", async () => {
    await api.createUser({
      username: 'squat.broker',
      password: PASSWORD,
      roles: ['broker'],
      emailVerified: true,
    });
    const bearer = await accessToken(api, 'squat.broker', PASSWORD);
    const found = await call(api, 'GET', `/user?email=${encodeURIComponent(VICTIM)}`, { bearer });
    expect(found).toEqual({ status: 200, body: [] });
  });

  it('the real addressee registers later, verifies from the e-mail, and the address then names them', async () => {
    smtp.messages.length = 0;
    const owner = await call(api, 'POST', '/user', {
      body: {
        accountType: 'employer',
        firstname: 'Olive',
        lastname: 'Owner',
        companyName: '',
        email: VICTIM,
        username: 'olive.owner',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        referralId: null,
      },
    });
    const ownerId = (owner.body as { userId: string }).userId;
    await api.mailSettled();
    // Both registrations' links went to the address (the squatter's too): the mailbox's owner opens theirs.
    const token = /\/verify-email\?token=([\w-]{43})/.exec(smtp.to(VICTIM).at(-1)?.text ?? '')![1]!;
    expect(await call(api, 'POST', '/user/verify-email', { body: { token } })).toMatchObject({ status: 200 });

    // A passcode asked for by the address goes to the addressee's account.
    await call(api, 'GET', `/authentication/password/reset?username=${encodeURIComponent(VICTIM)}`);
    await api.mailSettled();
    expect(smtp.to(VICTIM).at(-1)?.text).toContain('account "olive.owner"');
    // And the next invitation answers their account, creating nothing.
    expect((await invite()).body).toEqual({ userId: ownerId, created: false, setupUrl: null });
  });
});
