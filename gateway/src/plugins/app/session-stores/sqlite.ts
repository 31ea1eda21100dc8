import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { keepNewestTokens, type Clock, type SessionRecordStore } from './store.js';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** Sessions in a SQLite file: `sessions(id, data JSON, expires_at)`, expired rows pruned periodically. */
export function createSqliteSessionStore(file: string, now: Clock = Date.now): SessionRecordStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(
    `CREATE TABLE IF NOT EXISTS sessions (
       id TEXT PRIMARY KEY,
       data TEXT NOT NULL,
       expires_at INTEGER NOT NULL
     );
     CREATE INDEX IF NOT EXISTS sessions_expires_at ON sessions (expires_at);`,
  );
  const select = db.prepare<[string, number], { data: string }>(
    'SELECT data FROM sessions WHERE id = ? AND expires_at > ?',
  );
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`,
  );
  // IMMEDIATE: read-compare-write under the write lock, also against another gateway process.
  const write = db.transaction((id: string, data: Record<string, unknown>, expiresAt: number) => {
    const row = select.get(id, now());
    const stored = row ? (JSON.parse(row.data) as Record<string, unknown>) : undefined;
    upsert.run(id, JSON.stringify(keepNewestTokens(stored, data)), expiresAt);
  });
  const remove = db.prepare<[string]>('DELETE FROM sessions WHERE id = ?');
  const prune = db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?');

  prune.run(now());
  const pruner = setInterval(() => prune.run(now()), PRUNE_EVERY_MS);
  pruner.unref();

  return {
    async get(id) {
      const row = select.get(id, now());
      return row ? (JSON.parse(row.data) as Record<string, unknown>) : undefined;
    },
    async set(id, data, expiresAt) {
      if (expiresAt <= now()) {
        remove.run(id);
        return;
      }
      write.immediate(id, data, expiresAt);
    },
    async destroy(id) {
      remove.run(id);
    },
    async close() {
      clearInterval(pruner);
      db.close();
    },
  };
}
