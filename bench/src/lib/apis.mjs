// What the cart-api benchmarks (api-latency, document-latency, checkout-latency) share: a fresh
// cart-api database on the engine the run asks for (BENCH_DB), identity-api's demo accounts, both
// services on bench ports with the builds (their dist), stopped by pid, and the database dropped again
// at the end.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';
import { onShutdown, startNode, tail, waitForHealth } from './processes.mjs';

// The drivers cart-api runs on, taken from shared-domain (which creates its databases), so the bench
// declares no driver of its own and always uses the same versions.
const driverRequire = createRequire(import.meta.resolve('service-kit/server'));
const pg = driverRequire('pg');
const SQLite = driverRequire('better-sqlite3');

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** BENCH_DB: 'sqlite' (default) or 'postgres'. */
export function benchEngine(env = process.env) {
  const engine = (env.BENCH_DB || 'sqlite').toLowerCase();
  if (engine !== 'sqlite' && engine !== 'postgres') {
    throw new Error(`BENCH_DB must be sqlite or postgres, not "${env.BENCH_DB}"`);
  }
  return engine;
}

/** The PostgreSQL server the benchmarks create their databases on (any existing database to connect to). */
export const postgresAdminUrl = () =>
  process.env.BENCH_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/test';

async function withPostgres(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty cart-api database: on SQLite the file `cart-api.sqlite` in `dataDir` (removed with
 * the folder); on PostgreSQL a new database `<prefix>_<pid>` on the server of BENCH_POSTGRES_URL
 * (loopback only), which `drop()` removes (`with (force)`: after the services have stopped, so no
 * session should remain). `url` is cart-api's DATABASE_URL.
 */
export async function createCartDatabase({ engine, dataDir, prefix }) {
  if (engine === 'sqlite') {
    const url = join(dataDir, 'cart-api.sqlite');
    return {
      engine,
      url,
      label: url,
      version: () => `SQLite ${new SQLite(':memory:').prepare('select sqlite_version() as v').get().v}`,
      settle: async () => {},
      drop: async () => {},
    };
  }
  const admin = new URL(postgresAdminUrl());
  if (!LOOPBACK.includes(admin.hostname)) {
    throw new Error(`refusing PostgreSQL on ${admin.hostname}: benchmarks run against loopback only`);
  }
  const name = `${prefix}_${process.pid}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await withPostgres(admin.toString(), (client) => client.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    engine,
    url: url.toString(),
    label: `PostgreSQL database ${name}`,
    version: () =>
      withPostgres(url.toString(), async (client) => {
        const { rows } = await client.query('show server_version');
        return `PostgreSQL ${rows[0].server_version}`;
      }),
    /**
     * After a bulk load: what autovacuum would do within a minute or so (statistics for the planner,
     * the visibility map for index-only scans), done now so the measured runs do not race it.
     */
    settle: () => withPostgres(url.toString(), (client) => client.query('vacuum analyze')),
    drop: () =>
      withPostgres(admin.toString(), (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ),
  };
}

/** The environment both services run with: development (for the demo accounts), quiet logs, loopback. */
const serviceEnv = (dataDir) => ({
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
});

// identity-api keeps its own SQLite file in DATA_DIR whatever the caller's environment names.
const identityEnv = (dataDir) => ({ ...serviceEnv(dataDir), DATABASE_URL: '' });

/** identity-api's demo accounts (its CLI `seed-demo`) in `dataDir`. */
export function seedIdentity(dataDir) {
  const result = spawnSync(process.execPath, ['identity-api/dist/cli.js', 'seed-demo'], {
    cwd: repoRoot,
    env: { ...process.env, ...identityEnv(dataDir) },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`identity-api seed-demo failed:\n${result.stderr}`);
}

/**
 * identity-api and cart-api (their dist) on `identityPort` / `cartApiPort`, logging to `dataDir`, with
 * cart-api on `databaseUrl` (and `cartApiEnv` over its environment). `start()` waits until both are
 * healthy (and throws with their logs' tails when one is not); `stop()` stops what was started, by pid,
 * and may be called at any time.
 */
export function cartApiServices({ dataDir, identityPort, cartApiPort, databaseUrl, cartApiEnv = {} }) {
  const identityUrl = `http://127.0.0.1:${identityPort}`;
  const cartApiUrl = `http://127.0.0.1:${cartApiPort}`;
  const servers = [];
  return {
    identityUrl,
    cartApiUrl,
    async start() {
      servers.push(
        startNode('identity-api/dist/server.js', {
          logFile: join(dataDir, 'identity-api.log'),
          env: { ...identityEnv(dataDir), PORT: String(identityPort), PUBLIC_URL: identityUrl },
        }),
      );
      servers.push(
        startNode('cart-api/dist/server.js', {
          logFile: join(dataDir, 'cart-api.log'),
          env: {
            ...serviceEnv(dataDir),
            PORT: String(cartApiPort),
            IDENTITY_ISSUER: `${identityUrl}/oidc`,
            DATABASE_URL: databaseUrl,
            ...cartApiEnv,
          },
        }),
      );
      try {
        await waitForHealth(`${identityUrl}/healthz`, servers);
        await waitForHealth(`${cartApiUrl}/healthz`, servers);
      } catch (error) {
        const logs = await Promise.all(
          ['identity-api', 'cart-api'].map((n) => tail(join(dataDir, `${n}.log`))),
        );
        throw new Error(`${error.message}\n--- identity-api ---\n${logs[0]}\n--- cart-api ---\n${logs[1]}`);
      }
    },
    stop: () => Promise.all(servers.map((server) => server.stop())),
  };
}

/**
 * Query plans of what a cart-api query function sends. `capture(db, run)` runs `run` on `db` (a
 * Kysely instance of shared-domain's createDatabase) and answers each statement as the driver gets it
 * ({sql, parameters}); `explain` prints each one's plan (SQLite EXPLAIN QUERY PLAN and its median
 * time over `repeat` runs in-process; PostgreSQL EXPLAIN (ANALYZE, BUFFERS)).
 */
export async function captureQueries(db, run) {
  const compiled = new Map();
  const statements = [];
  const executor = db.getExecutor();
  const spy = db.withPlugin({
    // Also called for a query built on `spy` and embedded in another one (a subquery): only what
    // reaches transformResult was sent.
    transformQuery({ node, queryId }) {
      const { sql, parameters } = executor.compileQuery(node, queryId);
      compiled.set(queryId, { sql, parameters: [...parameters] });
      return node;
    },
    async transformResult({ result, queryId }) {
      statements.push(compiled.get(queryId));
      return result;
    },
  });
  await run(spy);
  return statements;
}

export async function explain(database, statements, { repeat = 20 } = {}) {
  const out = [];
  if (database.engine === 'sqlite') {
    const sqlite = new SQLite(database.url, { readonly: true });
    try {
      for (const { sql, parameters } of statements) {
        const plan = sqlite.prepare(`explain query plan ${sql}`).all(...parameters);
        const depth = new Map([[0, -1]]);
        const lines = plan.map((row) => {
          depth.set(row.id, (depth.get(row.parent) ?? -1) + 1);
          return `${'  '.repeat(depth.get(row.id))}${row.detail}`;
        });
        const statement = sqlite.prepare(sql);
        const times = [];
        for (let i = 0; i < repeat; i++) {
          const started = process.hrtime.bigint();
          statement.all(...parameters);
          times.push(Number(process.hrtime.bigint() - started) / 1e6);
        }
        times.sort((a, b) => a - b);
        out.push({ sql, parameters, plan: lines, ms: times[Math.floor(times.length / 2)] });
      }
    } finally {
      sqlite.close();
    }
    return out;
  }
  await withPostgres(database.url, async (client) => {
    for (const { sql, parameters } of statements) {
      const { rows } = await client.query(`explain (analyze, buffers) ${sql}`, parameters);
      const plan = rows.map((row) => row['QUERY PLAN']);
      const time = plan.find((line) => line.startsWith('Execution Time'));
      out.push({ sql, parameters, plan, ms: time ? Number(time.replace(/[^0-9.]/g, '')) : Number.NaN });
    }
  });
  return out;
}

/** Rows of one statement on the cart-api database, written with `?` placeholders for both engines. */
export async function queryRows(database, sql, parameters = []) {
  if (database.engine === 'sqlite') {
    const sqlite = new SQLite(database.url, { readonly: true });
    try {
      return sqlite.prepare(sql).all(...parameters);
    } finally {
      sqlite.close();
    }
  }
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  return withPostgres(database.url, async (client) => (await client.query(text, parameters)).rows);
}

/**
 * On exit, Ctrl+C or failure: stops the services a benchmark started and removes its data folder and
 * database, or with BENCH_KEEP_DATA=1 keeps them and says where. `started` answers what exists so far.
 */
export function cleanupOnShutdown(dataDir, started) {
  return onShutdown(async () => {
    const { services, database } = started();
    await services?.stop();
    if (process.env.BENCH_KEEP_DATA === '1') {
      console.log(
        `kept ${dataDir}${database?.engine === 'postgres' ? ` and ${database.label} (${database.url})` : ''}`,
      );
      return;
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
}
