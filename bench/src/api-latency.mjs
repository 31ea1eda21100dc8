#!/usr/bin/env node
// API latency at scale: seeds a large data set into a fresh cart-api SQLite database through cart-api's
// own migrations and schema (its dist; cart-api itself is not changed), starts identity-api and
// cart-api on bench ports, and measures the paged lists with autocannon straight against cart-api
// with valid bearer tokens. Stops both servers and removes the temporary folder at the end.
//
// Environment: BENCH_IDENTITY_PORT (4711), BENCH_CART_API_PORT (4712), BENCH_DOCUMENTS (20000),
// BENCH_BROKERS (200), BENCH_BROKER_DOCUMENTS (2000, owned by demo.broker), BENCH_CONNECTIONS (1: the
// service time, without queueing behind other requests), BENCH_DURATION (10 seconds per measured
// run), BENCH_KEEP_DATA=1 keeps the folder (database, logs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from 'cart-api/dist/db/migrate.js';
import { EPOP_PRODUCT } from 'cart-api/dist/db/reference-data.js';
import { seedDemo } from 'cart-api/dist/demo/seed.js';
import { demoAccount } from 'shared-domain';
import { createDatabase } from 'shared-domain/server';
import { passwordGrant } from './lib/auth.mjs';
import { measure } from './lib/load.mjs';
import { repoRoot } from './lib/paths.mjs';
import { assertBenchPort, onShutdown, startNode, tail, waitForHealth } from './lib/processes.mjs';
import { formatMs, machineNote, printTable } from './lib/report.mjs';
import { seedScale } from './lib/scale-data.mjs';

const env = process.env;
const identityPort = Number(env.BENCH_IDENTITY_PORT ?? 4711);
const cartApiPort = Number(env.BENCH_CART_API_PORT ?? 4712);
const documents = Number(env.BENCH_DOCUMENTS ?? 20_000);
const brokers = Number(env.BENCH_BROKERS ?? 200);
const brokerDocuments = Number(env.BENCH_BROKER_DOCUMENTS ?? 2_000);
const connections = Number(env.BENCH_CONNECTIONS ?? 1);
const durationSeconds = Number(env.BENCH_DURATION ?? 10);
[identityPort, cartApiPort].forEach(assertBenchPort);
if (!(documents > brokerDocuments && brokerDocuments >= 0 && brokers > 0 && documents <= 200_000)) {
  throw new Error('need 0 ≤ BENCH_BROKER_DOCUMENTS < BENCH_DOCUMENTS ≤ 200000 and BENCH_BROKERS > 0');
}

const identityUrl = `http://127.0.0.1:${identityPort}`;
const cartApiUrl = `http://127.0.0.1:${cartApiPort}`;
const broker = demoAccount('demo.broker');
const compliance = demoAccount('demo.compliance');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
const serviceEnv = { DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1' };
const servers = [];
const cleanup = onShutdown(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  if (env.BENCH_KEEP_DATA === '1') console.log(`kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
});

async function seed() {
  const identity = spawnSync(process.execPath, ['identity-api/dist/cli.js', 'seed-demo'], {
    cwd: repoRoot,
    env: { ...env, ...serviceEnv },
    encoding: 'utf8',
  });
  if (identity.status !== 0) throw new Error(`identity-api seed-demo failed:\n${identity.stderr}`);

  const db = createDatabase(join(dataDir, 'cart-api.sqlite'));
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    const started = Date.now();
    const counts = await seedScale(db, {
      productId: EPOP_PRODUCT.product_id,
      documents,
      brokers,
      manyFor: {
        userId: broker.userId,
        name: `${broker.firstName} ${broker.lastName}`,
        email: broker.email,
        count: brokerDocuments,
      },
    });
    console.log(
      `seeded ${counts.documents} documents, ${counts.orders} orders, ${counts.companies} companies ` +
        `(${brokers} brokers + demo.broker with ${brokerDocuments}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.destroy();
  }
}

async function startServers() {
  const identity = startNode('identity-api/dist/server.js', {
    logFile: join(dataDir, 'identity-api.log'),
    env: { ...serviceEnv, PORT: String(identityPort), PUBLIC_URL: identityUrl },
  });
  servers.push(identity);
  const cart = startNode('cart-api/dist/server.js', {
    logFile: join(dataDir, 'cart-api.log'),
    env: { ...serviceEnv, PORT: String(cartApiPort), IDENTITY_ISSUER: `${identityUrl}/oidc` },
  });
  servers.push(cart);
  try {
    await waitForHealth(`${identityUrl}/healthz`, servers);
    await waitForHealth(`${cartApiUrl}/healthz`, servers);
  } catch (error) {
    const logs = await Promise.all(['identity-api', 'cart-api'].map((n) => tail(join(dataDir, `${n}.log`))));
    throw new Error(`${error.message}\n--- identity-api ---\n${logs[0]}\n--- cart-api ---\n${logs[1]}`);
  }
}

try {
  console.log(`DATA_DIR ${dataDir}`);
  await seed();
  await startServers();
  const complianceToken = await passwordGrant(identityUrl, compliance.username);
  const brokerToken = await passwordGrant(identityUrl, broker.username);

  const documentsPath = `epop-document/${broker.userId}`;
  const scenarios = [
    ['GET /order page 1', 'order?page=1&pageSize=10', complianceToken],
    ['GET /order searchText=harbor', 'order?page=1&pageSize=10&searchText=harbor', complianceToken],
    ['GET /order searchText=2150 (order no.)', 'order?page=1&pageSize=10&searchText=2150', complianceToken],
    ['GET /order searchText without match', 'order?page=1&pageSize=10&searchText=nomatch', complianceToken],
    [`GET /epop-document (broker) page 1`, `${documentsPath}?page=1&pageSize=10`, brokerToken],
    [
      `GET /epop-document searchText=dental`,
      `${documentsPath}?page=1&pageSize=10&searchText=dental`,
      brokerToken,
    ],
    [`GET /epop-document page 150`, `${documentsPath}?page=150&pageSize=10`, brokerToken],
  ];

  const rows = [];
  console.log(`measuring: ${connections} connections, ${durationSeconds} s each (after a 2 s warm-up) …`);
  for (const [name, path, token] of scenarios) {
    const url = `${cartApiUrl}/${path}`;
    const headers = { authorization: `Bearer ${token}` };
    const page = await (await fetch(url, { headers })).json();
    const result = await measure({ url, headers, connections, durationSeconds });
    rows.push([
      name,
      `${page.data.length}/${page.pages}`,
      result.requestsPerSecond.toFixed(0),
      formatMs(result.p50),
      formatMs(result.p95),
      formatMs(result.p99),
    ]);
    console.log(`  ${name}: p50 ${formatMs(result.p50)}, p95 ${formatMs(result.p95)}`);
  }
  console.log('');
  printTable(['request (cart-api direct)', 'rows/pages', 'req/s', 'p50', 'p95', 'p99'], rows);
  console.log(`\n${connections} connection(s), SQLite; ${machineNote()}; client and server on one machine`);
} catch (error) {
  console.error(`api-latency failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
