import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { simpleParser } from 'mailparser';
import { ACCOUNT_MESSAGES, MESSAGES, PASSWORD_POLICY_TEXT } from 'shared-domain';
import { startIdentityApi, type TestIdentityApi } from '../../src/testing.js';
import { findByUsername } from '../../src/users/users.js';
import { refresh } from '../helpers.js';
import { passcodeOf, startSmtpSink, type SmtpSink } from '../smtp-sink.js';
import { call } from './http.js';

const PASSWORD = 'OldPass2026';
const NEW_PASSWORD = 'NewPass2027';
const SENT = { success: true, message: 'A new passcode has been sent to your e-mail address' };
const UPDATED = { success: true, message: 'Your password has been updated' };
const INVALID = { success: false, message: ACCOUNT_MESSAGES.invalidPasscode };

describe('password reset (passcodes over a real SMTP server)', () => {
  let smtp: SmtpSink;
  let api: TestIdentityApi;
  let n = 0;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    api = await startIdentityApi({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'POP Documents <no-reply@pop.test>' },
      users: [{ username: 'fed.user', password: PASSWORD, roles: ['employer'], identityProvider: 'gsuite' }],
    });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  /** A fresh user per test, so the tests do not share passcodes or lockouts. */
  async function newUser(extra: { passwordExpiresAt?: string } = {}) {
    const username = `reset.user${++n}`;
    const email = `${username}@example.com`;
    await api.createUser({ username, password: PASSWORD, roles: ['broker'], email, ...extra });
    return { username, email };
  }

  async function requestPasscode(usernameOrEmail: string): Promise<void> {
    const answer = await call(
      api,
      'GET',
      `/authentication/password/reset?username=${encodeURIComponent(usernameOrEmail)}`,
    );
    expect(answer).toEqual({ status: 200, body: SENT });
    await api.mailSettled();
  }

  const lastPasscode = (email: string) => passcodeOf(smtp.to(email).at(-1));

  const reset = (body: Record<string, unknown>) =>
    call(api, 'POST', '/authentication/password/reset', { body });

  /** Asks for a passcode, reads it from the e-mail and sets NEW_PASSWORD with it: the reset's status. */
  async function resetByMail(username: string, email: string): Promise<number> {
    await requestPasscode(username);
    const answer = await reset({
      username,
      passcode: lastPasscode(email),
      password: NEW_PASSWORD,
      confirm: NEW_PASSWORD,
    });
    return answer.status;
  }

  const signInError = async (username: string, password: string) =>
    (await api.passwordGrant(username, password)).error_description ?? 'signed-in';

  it('e-mails a 6-digit passcode to the account named by username, and it sets the new password', async () => {
    const { username, email } = await newUser();
    await requestPasscode(username);

    const [mail] = smtp.to(email);
    expect(mail?.subject).toBe('Your POP Documents passcode');
    expect(mail?.from?.value).toEqual([{ name: 'POP Documents', address: 'no-reply@pop.test' }]);
    expect(mail?.text).toMatch(/^Passcode: \d{6}$/m);

    const passcode = lastPasscode(email);
    expect(await reset({ username, passcode, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).toEqual({
      status: 200,
      body: UPDATED,
    });
    expect(await signInError(username, NEW_PASSWORD)).toBe('signed-in');
    expect(await signInError(username, PASSWORD)).toBe('unauthorized');
  });

  it('accepts the e-mail address instead of the username, in both steps, whatever its case', async () => {
    const { username, email } = await newUser();
    await requestPasscode(email.toUpperCase());
    expect(
      await reset({
        username: email,
        passcode: lastPasscode(email),
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      }),
    ).toEqual({ status: 200, body: UPDATED });
    expect(await signInError(username, NEW_PASSWORD)).toBe('signed-in');
  });

  it('answers unknown and federated accounts exactly alike, and e-mails nobody', async () => {
    const before = smtp.messages.length;
    await requestPasscode('nobody.here');
    await requestPasscode('nobody@example.com');
    await requestPasscode('fed.user');
    expect(smtp.messages.length).toBe(before);
    expect(
      await reset({
        username: 'fed.user',
        passcode: '123456',
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      }),
    ).toEqual({ status: 400, body: INVALID });
    expect(
      await reset({
        username: 'nobody.here',
        passcode: '123456',
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      }),
    ).toEqual({ status: 400, body: INVALID });
  });

  it('an e-mail address shared by two accounts names neither: the username is needed', async () => {
    await api.createUser({
      username: 'twin.one',
      password: PASSWORD,
      roles: ['broker'],
      email: 'twins@example.com',
    });
    await api.createUser({
      username: 'twin.two',
      password: PASSWORD,
      roles: ['broker'],
      email: 'twins@example.com',
    });
    await requestPasscode('twins@example.com');
    expect(smtp.to('twins@example.com')).toHaveLength(0);
    await requestPasscode('twin.two');
    expect(smtp.to('twins@example.com')).toHaveLength(1);
  });

  it('an address is read as the address first: another account named after it cannot capture the reset', async () => {
    const { username, email } = await newUser();
    await api.createUser({
      username: email,
      password: PASSWORD,
      roles: ['broker'],
      email: 'squatter@example.com',
    });
    await requestPasscode(email);
    expect(smtp.to('squatter@example.com')).toHaveLength(0);
    expect(
      await reset({
        username: email,
        passcode: lastPasscode(email),
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
      }),
    ).toEqual({ status: 200, body: UPDATED });
    expect(await signInError(username, NEW_PASSWORD)).toBe('signed-in');

    // A username that looks like an address still works when no account has that address.
    await api.createUser({
      username: 'me@elsewhere.example',
      password: PASSWORD,
      roles: ['broker'],
      email: 'me2@example.com',
    });
    await requestPasscode('me@elsewhere.example');
    expect(smtp.to('me2@example.com')).toHaveLength(1);
  });

  it('refuses a request without a username (400 validation)', async () => {
    expect(await call(api, 'GET', '/authentication/password/reset')).toEqual({
      status: 400,
      body: { type: 'validation', errors: ['Username is required'] },
    });
    expect(await call(api, 'GET', '/authentication/password/reset?username=%20')).toMatchObject({
      status: 400,
    });
  });

  it('answers the form problems in one message, and changes nothing', async () => {
    const { username, email } = await newUser();
    await requestPasscode(username);
    const passcode = lastPasscode(email);

    expect(await reset({ username, passcode, password: NEW_PASSWORD })).toEqual({
      status: 400,
      body: { success: false, message: MESSAGES.allFieldsRequired },
    });
    expect(await reset({ username, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).toEqual({
      status: 400,
      body: { success: false, message: 'All fields are required' },
    });
    expect(await reset({ username, passcode, password: 'weakpass', confirm: 'weakpass' })).toEqual({
      status: 400,
      body: { success: false, message: PASSWORD_POLICY_TEXT },
    });
    expect(await reset({ username, passcode, password: NEW_PASSWORD, confirm: 'NewPass2028' })).toEqual({
      status: 400,
      body: { success: false, message: ACCOUNT_MESSAGES.passwordsDoNotMatch },
    });
    expect(await call(api, 'POST', '/authentication/password/reset')).toMatchObject({
      status: 400,
      body: { success: false, message: MESSAGES.allFieldsRequired },
    });

    // None of that spent a try or touched the password: the passcode still works.
    expect(await signInError(username, PASSWORD)).toBe('signed-in');
    expect(await reset({ username, passcode, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).toMatchObject({
      status: 200,
    });
  });

  it('works once', async () => {
    const { username, email } = await newUser();
    await requestPasscode(username);
    const passcode = lastPasscode(email);
    const body = { username, passcode, password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    expect((await reset(body)).status).toBe(200);
    expect(await reset({ ...body, password: 'Another2028', confirm: 'Another2028' })).toEqual({
      status: 400,
      body: INVALID,
    });
    expect(await signInError(username, NEW_PASSWORD)).toBe('signed-in');
  });

  it('of two parallel uses, exactly one succeeds', async () => {
    const { username, email } = await newUser();
    await requestPasscode(username);
    const passcode = lastPasscode(email);
    const answers = await Promise.all(
      ['Parallel2026a', 'Parallel2026b', 'Parallel2026c'].map((password) =>
        reset({ username, passcode, password, confirm: password }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);
  });

  it('is spent after five wrong tries, even for the right passcode after them', async () => {
    const { username, email } = await newUser();
    await requestPasscode(username);
    const passcode = lastPasscode(email);
    const wrong = passcode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expect(
        await reset({ username, passcode: wrong, password: NEW_PASSWORD, confirm: NEW_PASSWORD }),
      ).toEqual({
        status: 400,
        body: INVALID,
      });
    }
    expect(await reset({ username, passcode, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).toEqual({
      status: 400,
      body: INVALID,
    });
    expect(await signInError(username, PASSWORD)).toBe('signed-in');
  });

  it('accepts the right passcode on the fifth try', async () => {
    const { username, email } = await newUser();
    await requestPasscode(username);
    const passcode = lastPasscode(email);
    const wrong = passcode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      await reset({ username, passcode: wrong, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    }
    expect((await reset({ username, passcode, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status).toBe(
      200,
    );
  });

  it('a new request replaces the earlier passcode', async () => {
    const { username, email } = await newUser();
    await requestPasscode(username);
    const first = lastPasscode(email);
    await requestPasscode(username);
    const second = lastPasscode(email);
    expect(smtp.to(email)).toHaveLength(2);
    if (first !== second) {
      expect(
        await reset({ username, passcode: first, password: NEW_PASSWORD, confirm: NEW_PASSWORD }),
      ).toEqual({ status: 400, body: INVALID });
    }
    expect(
      (await reset({ username, passcode: second, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status,
    ).toBe(200);
  });

  it('refuses an expired passcode', async () => {
    const { username, email } = await newUser();
    await requestPasscode(username);
    const user = await findByUsername(api.app.identityDb, username);
    await api.app.identityDb
      .updateTable('passcode')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user?.userId ?? '')
      .execute();
    expect(
      await reset({ username, passcode: lastPasscode(email), password: NEW_PASSWORD, confirm: NEW_PASSWORD }),
    ).toEqual({ status: 400, body: INVALID });
  });

  it('stores the passcode hashed, with its expiry 15 minutes ahead', async () => {
    const { username, email } = await newUser();
    const before = Date.now();
    await requestPasscode(username);
    const user = await findByUsername(api.app.identityDb, username);
    const row = await api.app.identityDb
      .selectFrom('passcode')
      .selectAll()
      .where('user_id', '=', user?.userId ?? '')
      .executeTakeFirstOrThrow();
    expect(row.passcode_hash).toMatch(/^scrypt\$/);
    expect(row.passcode_hash).not.toContain(lastPasscode(email));
    const ttl = new Date(row.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 5_000);
  });

  it('ends a lockout and a password expiry', async () => {
    const { username, email } = await newUser({
      passwordExpiresAt: new Date(Date.now() - 60_000).toISOString(),
    });
    for (let i = 0; i < 5; i++) await api.passwordGrant(username, 'WrongPass2026');
    expect(await signInError(username, PASSWORD)).toBe('locked_out');

    expect(await resetByMail(username, email)).toBe(200);

    const user = await findByUsername(api.app.identityDb, username);
    expect(user).toMatchObject({ failedAttempts: 0, lockedUntil: null, passwordExpiresAt: null });
    expect(await signInError(username, NEW_PASSWORD)).toBe('signed-in');
  });

  it("ends the account's sessions: refresh tokens issued before the reset are refused", async () => {
    const { username, email } = await newUser();
    const other = await newUser();
    const before = await api.passwordGrant(username, PASSWORD);
    const rotated = await refresh(api, before.refresh_token ?? '');
    expect(rotated.status).toBe(200);
    const bystander = await api.passwordGrant(other.username, PASSWORD);
    expect(await resetByMail(username, email)).toBe(200);

    expect(await refresh(api, rotated.body.refresh_token ?? '')).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    // Another account's session, and a sign-in after the reset, are untouched.
    expect((await refresh(api, bystander.refresh_token ?? '')).status).toBe(200);
    const after = await api.passwordGrant(username, NEW_PASSWORD);
    expect((await refresh(api, after.refresh_token ?? '')).status).toBe(200);
  });

  it('sends at most three passcode e-mails an hour per account, answering every request alike', async () => {
    const { username, email } = await newUser();
    for (let i = 0; i < 3; i++) await requestPasscode(i === 1 ? email : username);
    const third = lastPasscode(email);
    await requestPasscode(username);
    await requestPasscode(email);
    expect(smtp.to(email)).toHaveLength(3);

    // The refused requests did not replace the passcode last sent.
    expect(
      (await reset({ username, passcode: third, password: NEW_PASSWORD, confirm: NEW_PASSWORD })).status,
    ).toBe(200);
    // A success ends the count (the person proved who they are).
    await requestPasscode(username);
    expect(smtp.to(email)).toHaveLength(4);

    // An hour after the first e-mail of the window, e-mails go out again.
    for (let i = 0; i < 3; i++) await requestPasscode(username);
    expect(smtp.to(email)).toHaveLength(6);
    await moveWindowBack(username, 'mails_since');
    await requestPasscode(username);
    expect(smtp.to(email)).toHaveLength(7);
  });

  it('counts wrong passcodes per account across passcodes: five an hour, then none', async () => {
    const { username, email } = await newUser();
    const guess = (passcode: string) =>
      reset({ username, passcode, password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    const wrongFor = (passcode: string) => (passcode === '000000' ? '111111' : '000000');

    await requestPasscode(username);
    for (let i = 0; i < 3; i++)
      expect(await guess(wrongFor(lastPasscode(email)))).toEqual({ status: 400, body: INVALID });
    // "Request again, guess five more" no longer works: the new passcode has two tries left.
    await requestPasscode(username);
    const passcode = lastPasscode(email);
    for (let i = 0; i < 2; i++)
      expect(await guess(wrongFor(passcode))).toEqual({ status: 400, body: INVALID });
    expect(await guess(passcode)).toEqual({ status: 400, body: INVALID });
    expect(await signInError(username, PASSWORD)).toBe('signed-in');

    // Once the window has passed, the live passcode may be tried again.
    await moveWindowBack(username, 'attempts_since');
    expect((await guess(passcode)).status).toBe(200);
  });

  /** Moves the start of a passcode limit's window an hour and a minute back, as if that time had passed. */
  async function moveWindowBack(username: string, column: 'mails_since' | 'attempts_since') {
    const user = await findByUsername(api.app.identityDb, username);
    await api.app.identityDb
      .updateTable('passcode')
      .set({ [column]: new Date(Date.now() - 61 * 60_000).toISOString() })
      .where('user_id', '=', user?.userId ?? '')
      .execute();
  }
});

describe('password reset without SMTP_URL (the .eml outbox)', () => {
  let api: TestIdentityApi;
  beforeAll(async () => {
    api = await startIdentityApi({
      users: [
        { username: 'outbox.user', password: PASSWORD, roles: ['employer'], email: 'outbox@example.com' },
      ],
    });
  });
  afterAll(async () => {
    await api.close();
  });

  it('writes the passcode e-mail to the outbox as an .eml file that a mail reader opens', async () => {
    expect((await call(api, 'GET', '/authentication/password/reset?username=outbox.user')).body).toEqual(
      SENT,
    );
    await api.mailSettled();
    const files = (await readdir(api.outboxDir)).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await readFile(join(api.outboxDir, files[0] ?? '')));
    expect(mail.subject).toBe('Your POP Documents passcode');
    expect(Array.isArray(mail.to) ? undefined : mail.to?.text).toBe('outbox@example.com');

    const passcode = passcodeOf(mail);
    const answer = await call(api, 'POST', '/authentication/password/reset', {
      body: { username: 'outbox.user', passcode, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
    });
    expect(answer).toEqual({ status: 200, body: UPDATED });
  });
});
