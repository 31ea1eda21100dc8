import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from 'service-kit/server';
import { startOnDatabase } from '../../src/testing.js';

describe('background work (the passcode e-mail after the answer)', () => {
  let testDb: TestDatabase;
  let outbox: string;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    outbox = mkdtempSync(join(tmpdir(), 'identity-outbox-'));
  });
  afterAll(async () => {
    rmSync(outbox, { recursive: true, force: true });
    await testDb.drop();
  });

  it('is finished by close(), before the database closes', async () => {
    const api = await startOnDatabase(testDb.url, { env: { OUTBOX_DIR: outbox, LOG_LEVEL: 'silent' } });
    await api.createUser({ username: 'closing.user', password: 'Closing2026', roles: ['broker'] });
    const answer = await fetch(`${api.url}/authentication/password/reset?username=closing.user`);
    expect(answer.status).toBe(200);
    await api.close(); // no mailSettled(): close itself waits
    expect(readdirSync(outbox).filter((file) => file.endsWith('.eml'))).toHaveLength(1);
  });
});
