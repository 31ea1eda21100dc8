#!/usr/bin/env node
// API latency at scale: seeds a large data set into a fresh cart-api database (SQLite, or with
// BENCH_DB=postgres a PostgreSQL database of its own) through cart-api's own migrations and schema (its
// dist; cart-api itself is not changed), starts identity-api and cart-api on bench ports, and measures
// the paged lists with autocannon straight against cart-api with valid bearer tokens. Stops both
// servers, drops the database and removes the temporary folder at the end.
//
// Environment: BENCH_DB (sqlite | postgres), BENCH_IDENTITY_PORT (4711), BENCH_CART_API_PORT (4712), BENCH_DOCUMENTS (20000),
// BENCH_BROKERS (200), BENCH_BROKER_DOCUMENTS (2000, owned by demo.broker), BENCH_CONNECTIONS (1: the
// service time, without queueing behind other requests), BENCH_DURATION (10 seconds per measured
// run), BENCH_KEEP_DATA=1 keeps the folder (database, logs) and the PostgreSQL database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from 'cart-api/dist/db/migrate.js';
import { EPOP_PRODUCT } from 'cart-api/dist/db/reference-data.js';
import { seedDemo } from 'cart-api/dist/demo/seed.js';
import { addDays, demoAccount, productToday } from 'shared-domain';
import { createDatabase } from 'service-kit/server';
import {
  benchEngine,
  cartApiServices,
  cleanupOnShutdown,
  createCartDatabase,
  seedIdentity,
} from './lib/apis.mjs';
import { passwordGrant } from './lib/auth.mjs';
import { measureEach } from './lib/load.mjs';
import { assertBenchPort } from './lib/processes.mjs';
import { formatMs, machineNote, printTable } from './lib/report.mjs';
import { seedScale } from './lib/scale-data.mjs';

const env = process.env;
const engine = benchEngine(env);
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

const broker = demoAccount('demo.broker');
const compliance = demoAccount('demo.compliance');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
let database;
let services;
const cleanup = cleanupOnShutdown(dataDir, () => ({ services, database }));

async function seed() {
  seedIdentity(dataDir);
  const db = createDatabase(database.url);
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    const started = Date.now();
    const counts = await seedScale(db, {
      productId: EPOP_PRODUCT.product_id,
      documents,
      brokers,
      between: () => database.settle(),
      manyFor: {
        userId: broker.userId,
        name: `${broker.firstName} ${broker.lastName}`,
        email: broker.email,
        count: brokerDocuments,
      },
    });
    await database.settle();
    console.log(
      `seeded ${counts.documents} documents, ${counts.orders} orders, ${counts.companies} companies ` +
        `(${brokers} brokers + demo.broker with ${brokerDocuments}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.destroy();
  }
}

/** A strategic partner with documents (the partner filter's case), read from the seeded database. */
async function aPartnerWithOrders() {
  const db = createDatabase(database.url);
  try {
    const row = await db
      .selectFrom('epop_document')
      .select('strategic_partner_id')
      .where('strategic_partner_id', 'is not', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    return row.strategic_partner_id;
  } finally {
    await db.destroy();
  }
}

try {
  database = await createCartDatabase({ engine, dataDir, prefix: 'bench_api' });
  console.log(`DATA_DIR ${dataDir}, cart-api on ${database.label}`);
  await seed();
  services = cartApiServices({ dataDir, identityPort, cartApiPort, databaseUrl: database.url });
  await services.start();
  const complianceToken = await passwordGrant(services.identityUrl, compliance.username);
  const brokerToken = await passwordGrant(services.identityUrl, broker.username);

  const documentsPath = `epop-document/${broker.userId}`;
  const partnerId = await aPartnerWithOrders();
  const today = productToday();
  const monthAgo = addDays(today, -30);
  const scenarios = [
    ['GET /order page 1', 'order?page=1&pageSize=10', complianceToken],
    ['GET /order searchText=harbor', 'order?page=1&pageSize=10&searchText=harbor', complianceToken],
    ['GET /order searchText=2150 (order no.)', 'order?page=1&pageSize=10&searchText=2150', complianceToken],
    ['GET /order searchText without match', 'order?page=1&pageSize=10&searchText=nomatch', complianceToken],
    // Order Management's filters (issue 24 item 7): new only, a partner, General, a month of order days.
    ['GET /order newOnly=true', 'order?page=1&pageSize=10&newOnly=true', complianceToken],
    ['GET /order partner={one of 20}', `order?page=1&pageSize=10&partner=${partnerId}`, complianceToken],
    ['GET /order partner=general', 'order?page=1&pageSize=10&partner=general', complianceToken],
    [
      'GET /order from..to (a month)',
      `order?page=1&pageSize=10&from=${monthAgo}&to=${today}`,
      complianceToken,
    ],
    [`GET /epop-document (broker) page 1`, `${documentsPath}?page=1&pageSize=10`, brokerToken],
    [
      `GET /epop-document searchText=dental`,
      `${documentsPath}?page=1&pageSize=10&searchText=dental`,
      brokerToken,
    ],
    [`GET /epop-document page 150`, `${documentsPath}?page=150&pageSize=10`, brokerToken],
  ].map(([name, path, token]) => ({
    name,
    url: `${services.cartApiUrl}/${path}`,
    headers: { authorization: `Bearer ${token}` },
  }));

  console.log(`measuring: ${connections} connections, ${durationSeconds} s each (after a 2 s warm-up) …`);
  const rows = (await measureEach(scenarios, { connections, durationSeconds })).map(
    ({ name, body, result }) => [
      name,
      `${body.data.length}/${body.pages}`,
      result.requestsPerSecond.toFixed(0),
      formatMs(result.p50),
      formatMs(result.p95),
      formatMs(result.p99),
    ],
  );
  console.log('');
  printTable(['request (cart-api direct)', 'rows/pages', 'req/s', 'p50', 'p95', 'p99'], rows);
  console.log(
    `\n${connections} connection(s), ${await database.version()}; ${machineNote()}; client and server on one machine`,
  );
} catch (error) {
  console.error(`api-latency failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
