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

/**
 * One Kysely instance for either engine (ARCHITECTURE.md "Storage"). A SQLite URL is a file path,
 * optionally prefixed `sqlite:`; its folder is created. `:memory:` is accepted for throwaway use.
 */
export function createDatabase<DB>(databaseUrl: string): Kysely<DB> {
  return new Kysely<DB>({ dialect: dialectFor(databaseUrl) });
}

function dialectFor(databaseUrl: string): Dialect {
  if (engineOf(databaseUrl) === 'postgres') {
    return new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 10 }) });
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
