import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SESSION_ABSOLUTE_MS } from 'shared-domain';
import { keepNewestTokens, type Clock, type SessionRecordStore } from './store.js';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Sessions in a SQLite file: `sessions(id, data JSON, expires_at)`, and `destroyed_sessions(id,
 * until)`, the tombstones that keep a destroyed id from being written again. Expired rows of both
 * are pruned periodically.
 */
export function createSqliteSessionStore(
  file: string,
  now: Clock = Date.now,
  tombstoneMs: number = SESSION_ABSOLUTE_MS,
): SessionRecordStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(
    `CREATE TABLE IF NOT EXISTS sessions (
       id TEXT PRIMARY KEY,
       data TEXT NOT NULL,
       expires_at INTEGER NOT NULL
     );
     CREATE INDEX IF NOT EXISTS sessions_expires_at ON sessions (expires_at);
     CREATE TABLE IF NOT EXISTS destroyed_sessions (
       id TEXT PRIMARY KEY,
       until INTEGER NOT NULL
     );
     CREATE INDEX IF NOT EXISTS destroyed_sessions_until ON destroyed_sessions (until);`,
  );
  const select = db.prepare<[string, number], { data: string }>(
    'SELECT data FROM sessions WHERE id = ? AND expires_at > ?',
  );
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`,
  );
  const isDestroyed = db.prepare<[string, number], { id: string }>(
    'SELECT id FROM destroyed_sessions WHERE id = ? AND until > ?',
  );
  const remove = db.prepare<[string]>('DELETE FROM sessions WHERE id = ?');
  const bury = db.prepare<[string, number]>(
    `INSERT INTO destroyed_sessions (id, until) VALUES (?, ?)
     ON CONFLICT (id) DO UPDATE SET until = excluded.until`,
  );
  const prune = db.prepare<[number]>('DELETE FROM sessions WHERE expires_at <= ?');
  const pruneTombstones = db.prepare<[number]>('DELETE FROM destroyed_sessions WHERE until <= ?');

  // IMMEDIATE: read-compare-write under the write lock, also against another gateway process.
  const write = db.transaction((id: string, data: Record<string, unknown>, expiresAt: number) => {
    const at = now();
    // A request still in flight when its session was destroyed must not bring it back.
    if (isDestroyed.get(id, at)) return;
    const row = select.get(id, at);
    const stored = row ? (JSON.parse(row.data) as Record<string, unknown>) : undefined;
    upsert.run(id, JSON.stringify(keepNewestTokens(stored, data)), expiresAt);
  });
  const destroy = db.transaction((id: string) => {
    remove.run(id);
    bury.run(id, now() + tombstoneMs);
  });
  const pruneAll = () => {
    const at = now();
    prune.run(at);
    pruneTombstones.run(at);
  };

  pruneAll();
  const pruner = setInterval(pruneAll, PRUNE_EVERY_MS);
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
      destroy.immediate(id);
    },
    async close() {
      clearInterval(pruner);
      db.close();
    },
  };
}
