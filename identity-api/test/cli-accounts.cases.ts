import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { runCli } from '../src/cli.js';
import { openDatabase } from '../src/db/index.js';
import { findByUsername } from '../src/users/users.js';

describe('cli: invite-user and expire-password', () => {
  let testDb: TestDatabase;
  let env: NodeJS.ProcessEnv;
  const out: string[] = [];
  const err: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    env = { DATABASE_URL: testDb.url, APP_URL: 'http://localhost:3999/' };
    jest.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    jest.spyOn(console, 'error').mockImplementation((line: string) => void err.push(line));
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await testDb.drop();
  });

  const user = async (username: string) => {
    const db = openDatabase(testDb.url);
    try {
      return await findByUsername(db, username);
    } finally {
      await db.destroy();
    }
  };

  const invite = (...extra: string[]) =>
    runCli(
      [
        'invite-user',
        '--username',
        'New.Hire',
        '--email',
        'hire@example.com',
        '--first',
        'Nia',
        '--last',
        'Hire',
        ...extra,
      ],
      env,
    );

  it('invite-user creates the user and prints the first-time-setup link under APP_URL', async () => {
    out.length = 0;
    expect(await invite('--role', 'broker', '--company', 'Acme')).toBe(0);
    expect(out).toEqual([expect.stringMatching(/^http:\/\/localhost:3999\/first-time-setup\/[\w-]{43}$/)]);
    expect(await user('new.hire')).toMatchObject({
      username: 'New.Hire',
      email: 'hire@example.com',
      firstName: 'Nia',
      lastName: 'Hire',
      companyName: 'Acme',
      roles: ['broker'],
    });
  });

  it('invite-user refuses a taken username, a missing option or an unknown role (exit 1)', async () => {
    err.length = 0;
    expect(await invite('--role', 'broker')).toBe(1);
    expect(err).toEqual(['The username New.Hire is already taken.']);

    err.length = 0;
    expect(await runCli(['invite-user', '--username', 'x'], env)).toBe(1);
    expect(err).toEqual(expect.arrayContaining(['--email is required', '--role is required']));

    err.length = 0;
    expect(
      await runCli(
        [
          'invite-user',
          '--username',
          'y',
          '--email',
          'y@example.com',
          '--first',
          'Y',
          '--last',
          'Y',
          '--role',
          'root',
        ],
        env,
      ),
    ).toBe(1);
    expect(err[0]).toMatch(/^--role must be one of admin, /);

    err.length = 0;
    expect(await runCli(['invite-user', '--bogus', 'z'], env)).toBe(1);
    expect(err.at(-1)).toMatch(/^usage: node dist\/cli.js invite-user /);
    expect(await user('y')).toBeUndefined();
  });

  it('expire-password makes the password expired now', async () => {
    const before = Date.now();
    expect(await runCli(['expire-password', 'NEW.HIRE'], env)).toBe(0);
    const expiresAt = new Date((await user('new.hire'))?.passwordExpiresAt ?? 0).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now());
  });

  it('expire-password answers 1 for an unknown user or a missing username', async () => {
    err.length = 0;
    expect(await runCli(['expire-password', 'nobody'], env)).toBe(1);
    expect(await runCli(['expire-password'], env)).toBe(1);
    expect(err).toEqual(['No user nobody.', 'usage: node dist/cli.js expire-password <username>']);
  });

  it('lists every command in its usage', async () => {
    err.length = 0;
    expect(await runCli(['toString'], env)).toBe(1);
    expect(err[0]).toContain('invite-user --username U');
    expect(err[0]).toContain('expire-password <username>');
  });
});
