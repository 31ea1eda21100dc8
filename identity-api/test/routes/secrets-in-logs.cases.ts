import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { buildApp } from '../../src/app.js';
import { runCli } from '../../src/cli.js';
import { loadConfig } from '../../src/config.js';
import { createUser } from '../../src/users/users.js';
import { passcodeOf } from '../smtp-sink.js';

describe('account flows never log passcodes, tokens or passwords', () => {
  const lines: string[] = [];
  let app: FastifyInstance;
  let testDb: TestDatabase;
  let outbox: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    outbox = mkdtempSync(join(tmpdir(), 'identity-outbox-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'debug',
      DATABASE_URL: testDb.url,
      OUTBOX_DIR: outbox,
    });
    app = await buildApp(config, { logStream: { write: (line) => void lines.push(line) } });
    await createUser(app.identityDb, {
      username: 'logged.user',
      password: 'Original2026',
      roles: ['broker'],
      email: 'logged@example.com',
      firstName: 'L',
      lastName: 'U',
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(outbox, { recursive: true, force: true });
    await testDb.drop();
  });

  it('reset, registration and first-login setup leave no secret in the log', async () => {
    await app.inject({ method: 'GET', url: '/authentication/password/reset?username=logged.user' });
    await app.background.settled();
    const [file] = readdirSync(outbox);
    const passcode = passcodeOf({ text: readFileSync(join(outbox, file ?? ''), 'utf8') });
    const reset = await app.inject({
      method: 'POST',
      url: '/authentication/password/reset',
      payload: { username: 'logged.user', passcode, password: 'ResetSecret2026', confirm: 'ResetSecret2026' },
    });
    expect(reset.statusCode).toBe(200);

    await app.inject({
      method: 'POST',
      url: '/user',
      payload: {
        accountType: 'broker',
        firstname: 'R',
        lastname: 'U',
        email: 'r@example.com',
        username: 'registered.user',
        password: 'RegisterSecret2026',
        confirmPassword: 'RegisterSecret2026',
      },
    });

    const printed: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    await runCli(
      [
        'invite-user',
        '--username',
        'inv',
        '--email',
        'i@example.com',
        '--first',
        'I',
        '--last',
        'N',
        '--role',
        'broker',
      ],
      { DATABASE_URL: testDb.url },
    );
    log.mockRestore();
    const token = (printed[0] ?? '').split('/').at(-1) ?? '';
    expect(token).toHaveLength(43);
    const found = await app.inject({ method: 'GET', url: `/temporary-user-token?token=${token}` });
    const { userId } = found.json<{ userId: string }>();
    const setup = await app.inject({
      method: 'POST',
      url: `/user/${userId}/token/${token}`,
      payload: {
        userId,
        username: 'inv',
        firstname: 'I',
        lastname: 'N',
        email: 'i@example.com',
        password: 'SetupSecret2026',
        confirmPassword: 'SetupSecret2026',
      },
    });
    expect(setup.statusCode).toBe(200);

    const output = lines.join('');
    expect(output).toContain('/temporary-user-token?token=[redacted]');
    expect(output).toContain(`/user/${userId}/token/[redacted]`);
    expect(output).toContain('e-mail written to the outbox');
    for (const secret of [passcode, token, 'ResetSecret2026', 'RegisterSecret2026', 'SetupSecret2026']) {
      expect(output).not.toContain(secret);
    }
  });
});
