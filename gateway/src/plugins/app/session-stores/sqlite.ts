import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { SESSION_ABSOLUTE_MS } from 'shared-domain';
import { keepNewestTokens, REFRESH_LOCK_MS, type Clock, type SessionRecordStore } from './store.js';

const PRUNE_EVERY_MS = 10 * 60 * 1000;

export interface SqliteSessionStoreOptions {
  /** How long a refresh lock lasts unreleased (REFRESH_LOCK_MS), by the store's clock. */
  refreshLockMs?: number;
}

/**
 * Sessions in a SQLite file: `sessions(id, data JSON, expires_at)`, and `destroyed_sessions(id,
 * until)`, the tombstones that keep a destroyed id from being written again. Expired rows of both
 * are pruned periodically. `refresh_locks(id, owner, locked_until, fence, keep_until)` holds each
 * session's token-refresh lock and fencing counter: several gateway processes may share the file,
 * and a per-process lock would let two of them refresh one session at once (identity-api would take
 * the second for a reuse of the rotated refresh token and end the session). The row outlives the
 * lock (`keep_until`, as long as a tombstone), so the fence only grows.
 */
export function createSqliteSessionStore(
  file: string,
  now: Clock = Date.now,
  tombstoneMs: number = SESSION_ABSOLUTE_MS,
  { refreshLockMs = REFRESH_LOCK_MS }: SqliteSessionStoreOptions = {},
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
     CREATE INDEX IF NOT EXISTS destroyed_sessions_until ON destroyed_sessions (until);
     CREATE TABLE IF NOT EXISTS refresh_locks (
       id TEXT PRIMARY KEY,
       owner TEXT,
       locked_until INTEGER NOT NULL,
       fence INTEGER NOT NULL,
       keep_until INTEGER NOT NULL
     );
     CREATE INDEX IF NOT EXISTS refresh_locks_keep_until ON refresh_locks (keep_until);`,
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
  const selectLock = db.prepare<[string], { owner: string | null; locked_until: number; fence: number }>(
    'SELECT owner, locked_until, fence FROM refresh_locks WHERE id = ?',
  );
  const upsertLock = db.prepare<[string, string, number, number, number]>(
    `INSERT INTO refresh_locks (id, owner, locked_until, fence, keep_until) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, locked_until = excluded.locked_until,
       fence = excluded.fence, keep_until = excluded.keep_until`,
  );
  const unlock = db.prepare<[string, string]>(
    'UPDATE refresh_locks SET owner = NULL, locked_until = 0 WHERE id = ? AND owner = ?',
  );
  const pruneLocks = db.prepare<[number]>('DELETE FROM refresh_locks WHERE keep_until <= ?');

  // IMMEDIATE: read-compare-write under the write lock, also against another gateway process.
  const write = db.transaction((id: string, data: Record<string, unknown>, expiresAt: number) => {
    const at = now();
    // A request still in flight when its session was destroyed must not bring it back.
    if (isDestroyed.get(id, at)) return;
    const row = select.get(id, at);
    const stored = row ? (JSON.parse(row.data) as Record<string, unknown>) : undefined;
    upsert.run(id, JSON.stringify(keepNewestTokens(stored, data)), expiresAt);
  });
  // The lock and its next fence in one IMMEDIATE transaction: one holder at a time across processes.
  const lockRefresh = db.transaction((id: string, owner: string): number | undefined => {
    const at = now();
    const row = selectLock.get(id);
    if (row?.owner && row.locked_until > at) return undefined;
    const fence = (row?.fence ?? 0) + 1;
    upsertLock.run(id, owner, at + refreshLockMs, fence, at + tombstoneMs);
    return fence;
  });
  const destroy = db.transaction((id: string) => {
    remove.run(id);
    bury.run(id, now() + tombstoneMs);
  });
  const pruneAll = () => {
    const at = now();
    prune.run(at);
    pruneTombstones.run(at);
    pruneLocks.run(at);
  };

  pruneAll();
  const pruner = setInterval(pruneAll, PRUNE_EVERY_MS);
  pruner.unref();

  return {
    refreshLockMs,
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
    async lockRefresh(id) {
      const owner = randomUUID();
      const fence = lockRefresh.immediate(id, owner);
      if (fence === undefined) return undefined;
      return {
        fence,
        // Only this owner's lock: after a lapse the row may be a successor's.
        release: async () => void unlock.run(id, owner),
      };
    },
    async close() {
      clearInterval(pruner);
      db.close();
    },
  };
}
