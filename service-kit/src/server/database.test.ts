import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql, type Kysely } from 'kysely';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { createDatabase, DEFAULT_CONNECTION_TIMEOUT_MS, engineOf } from './database.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

describe('createDatabase', () => {
  let testDb: TestDatabase;
  let db: Kysely<{ note: { id: string; body: string } }>;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = createDatabase(testDb.url);
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  it('runs the same query on the engine the run asks for', async () => {
    await db.schema
      .createTable('note')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('body', 'text')
      .execute();
    await db.insertInto('note').values({ id: 'a', body: 'kept' }).execute();
    expect(await db.selectFrom('note').selectAll().execute()).toEqual([{ id: 'a', body: 'kept' }]);
    expect(engineOf(testDb.url)).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite');
    await sql`select 1`.execute(db);
  });
});

describe('createDatabase on a PostgreSQL server that does not answer', () => {
  it('fails a query once connectionTimeoutMs has passed instead of waiting for ever', async () => {
    // Accepts the connection and never says a word (a server hung, a half-open network path).
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const db = createDatabase(`postgres://nobody@127.0.0.1:${port}/nothing`, { connectionTimeoutMs: 200 });
    try {
      await expect(sql`select 1`.execute(db)).rejects.toThrow(/timeout/i);
    } finally {
      await db.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
    expect(DEFAULT_CONNECTION_TIMEOUT_MS).toBe(10_000);
  });
});
