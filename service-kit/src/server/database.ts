import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/** Which engine a database URL names: `postgres://…` (or `postgresql://`) or a SQLite file. */
export type Engine = 'postgres' | 'sqlite';

export function engineOf(databaseUrl: string): Engine {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? 'postgres' : 'sqlite';
}

export interface DatabaseOptions {
  /**
   * Told of a PostgreSQL connection the server dropped (a restart, a failover, a cut network). The
   * query on it rejects and the pool opens a new connection for the next one; the error itself is
   * only worth a log line.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * PostgreSQL: how long a query waits for a connection (a free one of the pool's, or a new one to the
   * server) before it fails; `DEFAULT_CONNECTION_TIMEOUT_MS` (10 s) by default. Without a bound a
   * request or a readiness probe waits for ever on a server that does not answer.
   */
  connectionTimeoutMs?: number;
}

/** How long a PostgreSQL query waits for a connection before it fails (`connectionTimeoutMillis`). */
export const DEFAULT_CONNECTION_TIMEOUT_MS = 10_000;

/**
 * One Kysely instance for either engine (ARCHITECTURE.md "Storage"). A SQLite URL is a file path,
 * optionally prefixed `sqlite:`; its folder is created. `:memory:` is accepted for throwaway use.
 */
export function createDatabase<DB>(databaseUrl: string, options: DatabaseOptions = {}): Kysely<DB> {
  return new Kysely<DB>({ dialect: dialectFor(databaseUrl, options) });
}

function dialectFor(
  databaseUrl: string,
  {
    onConnectionError = () => undefined,
    connectionTimeoutMs = DEFAULT_CONNECTION_TIMEOUT_MS,
  }: DatabaseOptions,
): Dialect {
  if (engineOf(databaseUrl) === 'postgres') {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 10,
      connectionTimeoutMillis: connectionTimeoutMs,
    });
    // pg emits 'error' on the pool for an idle client and on a client in use whose connection drops;
    // an 'error' nobody listens to ends the process: a database restart would take every service down.
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    return new PostgresDialect({ pool });
  }
  const file = databaseUrl.replace(/^sqlite:(\/\/)?/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  return new SqliteDialect({
    database: async () => {
      const db = new SQLite(file);
      // WAL lets readers run beside the writer; foreign keys are off by default in SQLite.
      db.pragma('journal_mode = WAL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      return db;
    },
  });
}
