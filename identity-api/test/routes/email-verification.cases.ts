import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ParsedMail } from 'mailparser';
import { ACCOUNT_MESSAGES } from 'shared-domain';
import { runCli } from '../../src/cli.js';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import {
  VERIFICATION_MAIL_SUBJECT,
  VERIFICATION_MAX_MAILS_PER_HOUR,
} from '../../src/users/email-verification.js';
import { tokenHash } from '../../src/users/one-time-secrets.js';
import { findById } from '../../src/users/users.js';
import { startSmtpSink, type SmtpSink } from '../smtp-sink.js';
import { accessToken, call } from './http.js';

const APP_URL = 'https://pop.example.test';
const PASSWORD = 'Verify2026';
const INVALID = { status: 400, body: { message: ACCOUNT_MESSAGES.invalidVerificationLink } };
const TAKEN = { status: 400, body: { message: ACCOUNT_MESSAGES.emailVerifiedByAnotherAccount } };

/** The token of a verification e-mail's link (`${APP_URL}/verify-email?token=…`). */
function linkTokenOf(mail: Pick<ParsedMail, 'text'> | undefined): string {
  const match = new RegExp(`^${APP_URL}/verify-email\\?token=([\\w-]{43})$`, 'm').exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no verification link in ${JSON.stringify(mail?.text)}`);
  return match[1];
}

/**
 * E-mail verification (issue 21 item 1): registration and every change of address e-mail a single-use
 * link, good for 24 hours; an address counts once verified, and a verified address is one account's.
 */
describe('e-mail verification links (over a real SMTP server)', () => {
  let smtp: SmtpSink;
  let api: TestIdentityApi;
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startIdentityApi({ env: { SMTP_URL: smtp.url, APP_URL } });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  const verify = (token: string) => call(api, 'POST', '/user/verify-email', { body: { token } });

  /** Registers through POST user; answers the new account and the link e-mailed to `email`. */
  async function register(email: string) {
    const username = `verify.user${++n}`;
    const answer = await call(api, 'POST', '/user', {
      body: {
        accountType: 'employer',
        firstname: 'Vera',
        lastname: 'Fied',
        companyName: '',
        email,
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        referralId: null,
      },
    });
    expect(answer.status).toBe(201);
    await api.mailSettled();
    const { userId } = answer.body as { userId: string };
    return { userId, username, token: linkTokenOf(smtp.to(email).at(-1)) };
  }

  const account = async (userId: string) => (await findById(api.app.identityDb, userId))!;

  it('registration e-mails a link; opening it verifies the address, once', async () => {
    const { userId, username, token } = await register('vera@example.test');
    const [mail] = smtp.to('vera@example.test');
    expect(mail?.subject).toBe(VERIFICATION_MAIL_SUBJECT);
    expect(mail?.text).toContain(`account "${username}"`);
    expect(mail?.text).toContain('within 24 hours');
    expect(await account(userId)).toMatchObject({ email: 'vera@example.test', emailVerified: false });

    expect(await verify(token)).toEqual({
      status: 200,
      body: { message: ACCOUNT_MESSAGES.emailVerified, email: 'vera@example.test' },
    });
    expect(await account(userId)).toMatchObject({ email: 'vera@example.test', emailVerified: true });
    // Single use.
    expect(await verify(token)).toEqual(INVALID);
  });

  it('stores only the hash of the token, for 24 hours; an expired or unknown link verifies nothing', async () => {
    const { userId, token } = await register('late@example.test');
    const [row] = await api.app.identityDb
      .selectFrom('email_verification')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(row).toMatchObject({
      token_hash: tokenHash(token),
      email: 'late@example.test',
      consumed_at: null,
    });
    const ttl = new Date(row!.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23.9 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3_600_000);

    await api.app.identityDb
      .updateTable('email_verification')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    expect(await verify(token)).toEqual(INVALID);
    expect(await verify('never-issued')).toEqual(INVALID);
    expect((await account(userId)).emailVerified).toBe(false);
  });

  it('a verified address is one account’s: the second account’s link is refused with a clear message', async () => {
    const first = await register('shared@example.test');
    const second = await register('SHARED@example.test');
    expect(await verify(second.token)).toMatchObject({ status: 200 });
    expect(await verify(first.token)).toEqual(TAKEN);
    expect((await account(first.userId)).emailVerified).toBe(false);
    // The database holds the rule too: a second verified row of the address (any case) is refused.
    await expect(
      api.app.identityDb
        .updateTable('users')
        .set({ email: 'Shared@Example.test', email_verified: 1 })
        .where('id', '=', first.userId)
        .execute(),
      // (A database error is matched by its message: better-sqlite3's errors come from another realm.)
    ).rejects.toMatchObject({ message: expect.stringMatching(/users_verified_email/) });
  });

  describe('a change of address', () => {
    async function verifiedOwner() {
      const { userId, username, token } = await register(`owner${n + 1}@example.test`);
      expect((await verify(token)).status).toBe(200);
      return { userId, username, bearer: await accessToken(api, username, PASSWORD) };
    }
    const saveProfile = (owner: { userId: string; username: string; bearer: string }, email: string) =>
      call(api, 'POST', `/user/${owner.userId}`, {
        bearer: owner.bearer,
        body: {
          userId: owner.userId,
          userName: owner.username,
          firstName: 'Vera',
          lastName: 'Fied',
          email,
          changePassword: false,
        },
      });
    const status = (owner: { userId: string; bearer: string }) =>
      call(api, 'GET', `/user/${owner.userId}/email-verification`, { bearer: owner.bearer });

    it('is pending until its link is opened; the verified address stays in force meanwhile', async () => {
      const owner = await verifiedOwner();
      const old = (await account(owner.userId)).email;
      const saved = await saveProfile(owner, 'moved@example.test');
      expect(saved).toMatchObject({ status: 200, body: { email: old } });
      await api.mailSettled();
      expect(await status(owner)).toEqual({
        status: 200,
        body: { email: old, verified: true, pendingEmail: 'moved@example.test' },
      });
      // The old address still names the account (a reset by address goes there).
      expect(await call(api, 'GET', `/user/exists?username=${old}`)).toEqual({
        status: 200,
        body: { exists: true },
      });

      expect(await verify(linkTokenOf(smtp.to('moved@example.test').at(-1)))).toEqual({
        status: 200,
        body: { message: ACCOUNT_MESSAGES.emailVerified, email: 'moved@example.test' },
      });
      expect(await status(owner)).toEqual({
        status: 200,
        body: { email: 'moved@example.test', verified: true, pendingEmail: null },
      });
    });

    it("only the newest address's link works, and a link of an abandoned change verifies nothing", async () => {
      const owner = await verifiedOwner();
      await saveProfile(owner, 'first.try@example.test');
      await saveProfile(owner, 'second.try@example.test');
      await api.mailSettled();
      expect(await verify(linkTokenOf(smtp.to('first.try@example.test').at(-1)))).toEqual(INVALID);
      expect((await status(owner)).body).toMatchObject({ pendingEmail: 'second.try@example.test' });
    });

    it('to an address another account verified is refused when the link is opened', async () => {
      const holder = await verifiedOwner();
      const owner = await verifiedOwner();
      const taken = (await account(holder.userId)).email;
      // The same address in another case (the mailer lower-cases the domain, so only the local part).
      const [local, domain] = taken.split('@');
      const sameInOtherCase = `${local!.toUpperCase()}@${domain}`;
      await saveProfile(owner, sameInOtherCase);
      await api.mailSettled();
      expect(await verify(linkTokenOf(smtp.to(sameInOtherCase).at(-1)))).toEqual(TAKEN);
      expect((await account(owner.userId)).email).not.toBe(taken);
    });

    it('sends the link again on request, at most five an hour, and nothing when all is verified', async () => {
      const owner = await verifiedOwner();
      const resend = () =>
        call(api, 'POST', `/user/${owner.userId}/email-verification`, { bearer: owner.bearer, body: {} });
      expect(await resend()).toEqual({ status: 400, body: { message: ACCOUNT_MESSAGES.nothingToVerify } });
      await saveProfile(owner, 'again@example.test');
      // Registration made one link, the change another: three more make five this hour.
      for (let sent = 2; sent < VERIFICATION_MAX_MAILS_PER_HOUR; sent++) {
        expect(await resend()).toEqual({
          status: 200,
          body: {
            message: ACCOUNT_MESSAGES.verificationSent('again@example.test'),
            email: 'again@example.test',
          },
        });
      }
      expect(await resend()).toEqual({
        status: 429,
        body: { message: ACCOUNT_MESSAGES.tooManyVerificationMails },
      });
      await api.mailSettled();
      expect(smtp.to('again@example.test')).toHaveLength(VERIFICATION_MAX_MAILS_PER_HOUR - 1);
    });
  });

  describe('first-time setup', () => {
    async function invited(email: string) {
      const username = `setup.user${++n}`;
      const printed: string[] = [];
      const log = console.log;
      console.log = (line: string) => void printed.push(line);
      try {
        const args = ['invite-user', '--username', username, '--email', email, '--first', 'Ivy'];
        await runCli([...args, '--last', 'Invitee', '--role', 'employer'], {
          DATABASE_URL: api.databaseUrl,
          APP_URL,
        });
      } finally {
        console.log = log;
      }
      const token = /\/first-time-setup\/([\w-]{43})$/.exec(printed[0] ?? '')![1]!;
      const { userId } = (await call(api, 'GET', `/temporary-user-token?token=${token}`)).body as {
        userId: string;
      };
      return { userId, username, token };
    }
    const complete = (who: { userId: string; username: string; token: string }, email: string) =>
      call(api, 'POST', `/user/${who.userId}/token/${who.token}`, {
        body: {
          userId: who.userId,
          username: who.username,
          firstname: 'Ivy',
          lastname: 'Invitee',
          email,
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      });

    it('keeping the address the link went to verifies it', async () => {
      const who = await invited('kept@example.test');
      expect((await complete(who, 'Kept@example.test')).status).toBe(200);
      expect(await account(who.userId)).toMatchObject({ email: 'kept@example.test', emailVerified: true });
      await api.mailSettled();
      expect(smtp.to('kept@example.test')).toHaveLength(0);
    });

    it('a new address gets a link of its own and stays unverified until it is opened', async () => {
      const who = await invited('given@example.test');
      expect((await complete(who, 'chosen@example.test')).status).toBe(200);
      expect(await account(who.userId)).toMatchObject({ email: 'chosen@example.test', emailVerified: false });
      await api.mailSettled();
      expect((await verify(linkTokenOf(smtp.to('chosen@example.test').at(-1)))).status).toBe(200);
      expect((await account(who.userId)).emailVerified).toBe(true);
    });
  });
});
