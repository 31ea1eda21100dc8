#!/usr/bin/env node
// Issue 10's checkout targets (SQLite, 2 cores): a purchase by card (sandbox gateway, no delay) p95 ≤
// 40 ms, the receipt PDF ≤ 100 ms, the cart read p95 ≤ 5 ms. Seeds a fresh cart-api database (a SQLite
// file, or with BENCH_DB=postgres a PostgreSQL database of its own) through cart-api's own code (its
// dist: migrations, demo seed, then batched Kysely inserts: lib/scale-data.mjs) with a background of
// documents, orders and action items, starts identity-api and cart-api on bench ports, and measures
// straight against cart-api with demo.broker's bearer token:
// - GET shopping-cart/{userId}: a cart of 3 items with SAVE10 applied (autocannon, like the lists);
// - POST shopping-cart/{userId}/purchase/card: one after another, each on a cart refilled by Kysely
//   inserts before it (untimed: a purchase empties the cart, and a repeat would answer the last order);
// - GET order/{orderId}/receipt/download: one order's PDF, one download after another.
// Prints PASS/FAIL per figure and exits 1 when a target is missed; stops the services and drops the
// database at the end, also on failure or Ctrl+C.
//
// Environment: BENCH_DB (sqlite | postgres), BENCH_POSTGRES_URL, BENCH_IDENTITY_PORT (4751),
// BENCH_CART_API_PORT (4752), BENCH_DOCUMENTS (20000), BENCH_BROKERS (200), BENCH_BROKER_DOCUMENTS
// (2000, owned by demo.broker), BENCH_ACTION_ITEMS (20000), BENCH_PURCHASES (200, after
// BENCH_PURCHASE_WARMUP 20), BENCH_PURCHASE_ITEMS (`1,3`: the cart sizes bought, one run each),
// BENCH_RECEIPTS (100, after 10), BENCH_CONNECTIONS (1) and BENCH_DURATION (10 s) for the cart read,
// BENCH_KEEP_DATA=1.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateToLatest } from 'cart-api/dist/db/migrate.js';
import { EPOP_PRODUCT } from 'cart-api/dist/db/reference-data.js';
import { seedDemo } from 'cart-api/dist/demo/seed.js';
import { demoAccount } from 'shared-domain';
import { createDatabase } from 'service-kit/server';
import {
  benchEngine,
  cartApiServices,
  cleanupOnShutdown,
  createCartDatabase,
  queryRows,
  seedIdentity,
} from './lib/apis.mjs';
import { passwordGrant } from './lib/auth.mjs';
import { measureEach, measureSequential } from './lib/load.mjs';
import { assertBenchPort } from './lib/processes.mjs';
import { formatMs, machineNote, printTable } from './lib/report.mjs';
import { seedActionItems, seedScale } from './lib/scale-data.mjs';

/** Issue 10, p95 in ms (SQLite on 2 cores; PostgreSQL's figures are reported against the same). */
const TARGET_MS = { purchase: 40, receipt: 100, cart: 5 };

const env = process.env;
const engine = benchEngine(env);
const identityPort = Number(env.BENCH_IDENTITY_PORT ?? 4751);
const cartApiPort = Number(env.BENCH_CART_API_PORT ?? 4752);
const documents = Number(env.BENCH_DOCUMENTS ?? 20_000);
const brokers = Number(env.BENCH_BROKERS ?? 200);
const brokerDocuments = Number(env.BENCH_BROKER_DOCUMENTS ?? 2_000);
const actionItems = Number(env.BENCH_ACTION_ITEMS ?? documents);
const purchases = Number(env.BENCH_PURCHASES ?? 200);
const purchaseWarmup = Number(env.BENCH_PURCHASE_WARMUP ?? 20);
const purchaseItems = (env.BENCH_PURCHASE_ITEMS ?? '1,3').split(',').map(Number);
const receipts = Number(env.BENCH_RECEIPTS ?? 100);
const connections = Number(env.BENCH_CONNECTIONS ?? 1);
const durationSeconds = Number(env.BENCH_DURATION ?? 10);
const CART_ITEMS = 3;
const RECEIPT_WARMUP = 10;
[identityPort, cartApiPort].forEach(assertBenchPort);
const valid =
  documents > brokerDocuments &&
  brokerDocuments > 0 &&
  brokers > 0 &&
  documents <= 200_000 &&
  actionItems >= 0 &&
  actionItems <= 500_000 &&
  purchases > 0 &&
  purchases <= 2_000 &&
  purchaseWarmup >= 0 &&
  receipts > 0 &&
  purchaseItems.every((n) => Number.isInteger(n) && n >= 1 && n <= 20);
if (!valid) {
  throw new Error(
    'need 0 < BENCH_BROKER_DOCUMENTS < BENCH_DOCUMENTS ≤ 200000, BENCH_BROKERS > 0, 0 ≤ BENCH_ACTION_ITEMS ≤ 500000, ' +
      '0 < BENCH_PURCHASES ≤ 2000, BENCH_RECEIPTS > 0, BENCH_PURCHASE_ITEMS of 1-20 items',
  );
}

const broker = demoAccount('demo.broker');
const PROMO_CODE = 'SAVE10';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-checkout-'));
let database;
let services;
let db;
const cleanup = cleanupOnShutdown(dataDir, () => ({ services, database }));

async function seed() {
  seedIdentity(dataDir);
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
  const open = actionItems > 0 ? await seedActionItems(db, { count: actionItems }) : {};
  await database.settle();
  const openCount = Object.values(open).reduce((sum, n) => sum + n, 0);
  console.log(
    `seeded ${counts.documents} documents, ${counts.orders} orders, ${counts.companies} companies ` +
      `(${brokers} brokers + demo.broker with ${brokerDocuments}), ${actionItems} action items ` +
      `(${openCount} open) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * What a refill copies: demo.broker's seeded cart item (an EPOP document with a complete order
 * form, no stored document: one is created at purchase), which is taken out of the cart; the
 * saved-for-later one stays, as a real cart has one now and then.
 */
async function cartTemplate() {
  const template = await db
    .selectFrom('cart_item')
    .selectAll()
    .where('user_id', '=', broker.userId)
    .where('saved_for_later', '=', 0)
    .executeTakeFirstOrThrow();
  if (template.document_id !== null || template.action_item_id !== null) {
    throw new Error('the demo cart item is expected to hold a new document (document_id null)');
  }
  await db.deleteFrom('cart_item').where('cart_item_id', '=', template.cart_item_id).execute();
  const { discount_id: discountId } = await db
    .selectFrom('discount')
    .select('discount_id')
    .where('code_key', '=', PROMO_CODE.toLowerCase())
    .executeTakeFirstOrThrow();
  return { template, form: JSON.parse(template.json), discountId };
}

let filled = 0;

/** Puts `items` new documents into demo.broker's cart, each for a new client, and SAVE10 unless `promo` is false. */
async function fillCart({ template, form, discountId }, items, { promo = true } = {}) {
  const now = Date.now();
  const rows = Array.from({ length: items }, (_, i) => {
    const name = `Bench Checkout Client ${++filled}`;
    return {
      ...template,
      cart_item_id: randomUUID(),
      display_text: `${EPOP_PRODUCT.name} - ${name}`,
      json: JSON.stringify({ ...form, clientCompanyName: name }),
      // Oldest first, as the cart lists them.
      created_at: new Date(now + i).toISOString(),
    };
  });
  await db.insertInto('cart_item').values(rows).execute();
  if (promo) {
    await db
      .insertInto('cart_discount')
      .values({ user_id: broker.userId, discount_id: discountId, applied_at: new Date(now).toISOString() })
      .onConflict((oc) => oc.columns(['user_id', 'discount_id']).doNothing())
      .execute();
  }
}

/** Half-up cents of SAVE10 (a Total code: 10% of the subtotal). */
const expectedTotal = (unitCents, items) => {
  const subtotal = unitCents * items;
  return subtotal - Math.round(subtotal / 10);
};

const dollars = (amount) => `$${Number(amount).toFixed(2)}`;

/** An answer read whole (the timed part of a request ends when its body has arrived). */
async function readAnswer(response) {
  return { status: response.status, body: await response.text() };
}

function cardBody() {
  return JSON.stringify({
    firstName: broker.firstName,
    lastName: broker.lastName,
    company: broker.companyName,
    street: '1 Main Street',
    country: 'US',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    email: broker.email,
    cardNumber: '4111111111111111',
    expirationMonth: 12,
    expirationYear: new Date().getFullYear() + 2,
    cvv: '123',
  });
}

try {
  database = await createCartDatabase({ engine, dataDir, prefix: 'bench_checkout' });
  console.log(`DATA_DIR ${dataDir}, cart-api on ${database.label}`);
  db = createDatabase(database.url);
  await seed();
  const cart = await cartTemplate();
  const unitCents = cart.template.base_price_cents + cart.template.price_adjustment_cents;

  services = cartApiServices({
    dataDir,
    identityPort,
    cartApiPort,
    databaseUrl: database.url,
    // The sandbox without its pretend network time; receipts as .eml files in DATA_DIR/outbox.
    cartApiEnv: { PAYMENT_GATEWAY: 'sandbox', PAYMENT_SANDBOX_DELAY_MS: '0', SMTP_URL: '', OUTBOX_DIR: '' },
  });
  await services.start();
  const api = services.cartApiUrl;
  const headers = { authorization: `Bearer ${await passwordGrant(services.identityUrl, broker.username)}` };
  const measured = [];

  // The floor: what the client (fetch), HTTP and loopback add to any answer, one request at a time.
  const floor = await measureSequential({
    url: api,
    count: 500,
    warmup: 50,
    send: () => fetch(`${api}/healthz`).then(readAnswer),
    check: ({ status }) => {
      if (status !== 200) throw new Error(`GET /healthz: ${status}`);
    },
  });
  measured.push({
    name: 'GET /healthz (floor: fetch, HTTP, loopback)',
    what: 'no database',
    result: floor,
  });

  // The cart read: 3 items, the code applied through the API (as the basket page does).
  await fillCart(cart, CART_ITEMS, { promo: false });
  const applied = await fetch(`${api}/shopping-cart/${broker.userId}/promo-code/${PROMO_CODE}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
  const appliedBody = await applied.json();
  if (!applied.ok || appliedBody.message !== 'Discount has been applied') {
    throw new Error(`POST promo-code/${PROMO_CODE}: ${applied.status} ${JSON.stringify(appliedBody)}`);
  }
  console.log(
    `measuring: cart read ${durationSeconds} s at ${connections} connection(s) (after 2 s), ` +
      `${purchases} purchases per cart size (after ${purchaseWarmup}), ${receipts} receipts (after ${RECEIPT_WARMUP}) …`,
  );
  const [cartRead] = await measureEach(
    [{ name: 'cart read', url: `${api}/shopping-cart/${broker.userId}`, headers }],
    { connections, durationSeconds },
  );
  const totalCents = Math.round(Number(cartRead.body.total) * 100);
  if (cartRead.body.items.length !== CART_ITEMS || totalCents !== expectedTotal(unitCents, CART_ITEMS)) {
    throw new Error(`unexpected cart: ${JSON.stringify(cartRead.body)}`);
  }
  measured.push({
    name: `GET /shopping-cart/{demo.broker} (${CART_ITEMS} items, ${PROMO_CODE})`,
    what: `${dollars(cartRead.body.subtotal)} - ${dollars(cartRead.body.discount)} = ${dollars(cartRead.body.total)}`,
    result: cartRead.result,
    target: TARGET_MS.cart,
  });
  // Emptied, so the first purchase buys what its refill put in.
  await db
    .deleteFrom('cart_item')
    .where('user_id', '=', broker.userId)
    .where('saved_for_later', '=', 0)
    .execute();

  // Purchases, one after another, each on a refilled cart (untimed).
  const purchaseUrl = `${api}/shopping-cart/${broker.userId}/purchase/card`;
  const purchaseHeaders = { ...headers, 'content-type': 'application/json' };
  const orderIds = new Set();
  const lastOrder = new Map();
  for (const items of purchaseItems) {
    const result = await measureSequential({
      url: api,
      count: purchases,
      warmup: purchaseWarmup,
      prepare: () => fillCart(cart, items),
      send: () =>
        fetch(purchaseUrl, { method: 'POST', headers: purchaseHeaders, body: cardBody() }).then(readAnswer),
      check: ({ status, body }) => {
        const answer = status === 200 ? JSON.parse(body) : undefined;
        if (!answer?.success || !answer.orderId || orderIds.has(answer.orderId)) {
          // A repeated order id is a replay of the last purchase: the refill did not happen.
          throw new Error(`purchase: ${status} ${body}`);
        }
        orderIds.add(answer.orderId);
        lastOrder.set(items, answer.orderId);
      },
    });
    const [order] = await queryRows(
      database,
      'select subtotal_cents, discount_cents, total_cents from orders where order_id = ?',
      [lastOrder.get(items)],
    );
    if (Number(order.total_cents) !== expectedTotal(unitCents, items)) {
      throw new Error(`the last order of ${items} item(s) charged ${order.total_cents} cents`);
    }
    console.log(`  purchase, ${items} item(s): p50 ${formatMs(result.p50)}, p95 ${formatMs(result.p95)}`);
    measured.push({
      name: `POST /shopping-cart/{demo.broker}/purchase/card, ${items} item${items > 1 ? 's' : ''} + ${PROMO_CODE}`,
      what: `${dollars(order.subtotal_cents / 100)} - ${dollars(order.discount_cents / 100)}, ${items} new document${items > 1 ? 's' : ''}`,
      result,
      target: TARGET_MS.purchase,
    });
  }

  // Receipts: each cart size's last order, as its purchaser downloads it.
  for (const items of purchaseItems) {
    const orderId = lastOrder.get(items);
    let bytes = 0;
    const result = await measureSequential({
      url: api,
      count: receipts,
      warmup: RECEIPT_WARMUP,
      send: async () => {
        const response = await fetch(`${api}/order/${orderId}/receipt/download`, { headers });
        return { response, pdf: Buffer.from(await response.arrayBuffer()) };
      },
      check: ({ response, pdf }) => {
        const named = /filename="receipt-\d+\.pdf"/.test(response.headers.get('content-disposition') ?? '');
        if (!response.ok || !named || pdf.subarray(0, 5).toString() !== '%PDF-') {
          throw new Error(`receipt download: ${response.status} ${pdf.subarray(0, 200).toString()}`);
        }
        bytes = pdf.length;
      },
    });
    console.log(`  receipt, ${items} item(s): p50 ${formatMs(result.p50)}, p95 ${formatMs(result.p95)}`);
    measured.push({
      name: `GET /order/{orderId}/receipt/download (${items} item${items > 1 ? 's' : ''})`,
      what: `PDF, ${(bytes / 1024).toFixed(1)} KiB`,
      result,
      target: TARGET_MS.receipt,
    });
  }

  const rows = measured.map(({ name, what, result, target }) => [
    name,
    what,
    String(result.requests),
    result.requestsPerSecond.toFixed(0),
    formatMs(result.p50),
    formatMs(result.p95),
    formatMs(result.p99),
    target === undefined ? '' : `${target} ms`,
    target === undefined ? '' : result.p95 <= target ? 'PASS' : 'FAIL',
  ]);
  console.log('');
  printTable(
    [
      'request (cart-api direct, demo.broker)',
      'what',
      'n',
      'req/s',
      'p50',
      'p95',
      'p99',
      'target p95',
      'result',
    ],
    rows,
  );
  console.log(
    `\n${await database.version()}; ${orderIds.size} orders placed by card, each one new; ` +
      `the cart read at ${connections} connection(s), the rest one request at a time; ` +
      `${machineNote()}; client, services and database on one machine`,
  );
  const failed = measured.filter(({ result, target }) => target !== undefined && result.p95 > target);
  if (failed.length > 0) {
    console.log(`FAIL: ${failed.map(({ name }) => name).join('; ')} over target`);
    process.exitCode = 1;
  } else {
    console.log('PASS: every figure within its target');
  }
} catch (error) {
  console.error(`checkout-latency failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
} finally {
  await db?.destroy();
  await cleanup();
}
