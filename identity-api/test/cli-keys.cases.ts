import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { NOT_ROTATED, runCli } from '../src/cli.js';
import { openDatabase } from '../src/db/index.js';
import { readKeySet } from '../src/oidc/keys.js';

describe('cli rotate-keys', () => {
  let testDb: TestDatabase;
  let log: jest.Spied<typeof console.log>;
  let error: jest.Spied<typeof console.error>;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await testDb.drop();
  });

  const keySet = async () => {
    const db = openDatabase(testDb.url);
    try {
      return await readKeySet(db, new Date());
    } finally {
      await db.destroy();
    }
  };

  it('refuses while the next key is younger than a reload plus the JWKS cooldown, with exit code 2', async () => {
    expect(await runCli(['rotate-keys'], { DATABASE_URL: testDb.url })).toBe(NOT_ROTATED);
    expect(String(error.mock.calls.at(-1)?.[0])).toMatch(/^Not rotated: .* Run again from \d{4}-/);
    const set = await keySet();
    expect(set.signing.retiring).toEqual([]);
  });

  it('rotates once the next key is old enough: prints the new current kid, then what is retiring', async () => {
    const before = await keySet();
    const db = openDatabase(testDb.url);
    try {
      // Published two minutes ago: longer than KEY_RELOAD_MS (1 s here) + 10 s + 30 s.
      await db
        .updateTable('rotating_key')
        .set({ published_at: new Date(Date.now() - 120_000).toISOString() })
        .where('state', '=', 'next')
        .execute();
    } finally {
      await db.destroy();
    }
    log.mockClear();
    expect(await runCli(['rotate-keys'], { DATABASE_URL: testDb.url, KEY_RELOAD_MS: '1000' })).toBe(0);
    const lines = log.mock.calls.map((call) => String(call[0]));
    expect(lines[0]).toBe(before.signing.next.kid);
    expect(lines[1]).toMatch(
      new RegExp(`^retiring signing key ${before.signing.current.kid}: verifies until \\d{4}-`),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^retiring cookie key ${before.cookie.current.kid}: verifies until \\d{4}-`),
    );

    const after = await keySet();
    expect(after.signing.current.kid).toBe(before.signing.next.kid);
    expect(after.signing.retiring.map((key) => key.kid)).toEqual([before.signing.current.kid]);
    expect(after.cookie.current.kid).toBe(before.cookie.next.kid);
  });

  it('refuses arguments', async () => {
    expect(await runCli(['rotate-keys', 'now'], { DATABASE_URL: testDb.url })).toBe(1);
  });
});
