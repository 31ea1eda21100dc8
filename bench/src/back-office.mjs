#!/usr/bin/env node
// Issue 12's targets (SQLite, 2 cores): the admin client search (GET client/search?searchText=) p95 ≤
// 15 ms with 20,000 clients; the weekly order report of 10,000 orders to Excel (GET sales-report/epop/
// excel) ≤ 2 s; a Colonial return file of 10,000 rows processed (POST colonial/return-file until GET
// colonial/return-file/{jobId} answers its rows) ≤ 30 s. Seeds a fresh cart-api database (a SQLite file,
// or with BENCH_DB=postgres a PostgreSQL database of its own) through cart-api's own code (its dist:
// migrations, demo seed, then batched Kysely inserts): 20,000 client companies (lib/scale-data.mjs'
// business names, unique tax ids) over 20 strategic partners, two of them Colonial's (40% of the clients,
// with account ids, most with a BCN); each client has one Paid document with its paid order and order
// item, 10,000 of them ordered in one week (the report's) and the rest over the two years before.
// Then starts identity-api and cart-api on bench ports (cart-api with its own job runner, as deployed)
// and, straight against cart-api with demo.compliance's bearer token:
// 1. the client search, one request at a time, for a common word, one client's full name, a text that
//    matches nothing, a tax id and an account id: p95 over BENCH_SEARCHES requests each, after warm-up;
// 2. the weekly report's Excel file, all of it received, then opened with exceljs and its rows counted
//    (10,000, or the non-Colonial ones with excludeColonial=true): p95 over BENCH_REPORTS runs;
// 3. a return file of 10,000 rows (BCNs of Colonial clients with qualify dates, some with no-pay codes,
//    account ids that teach a client its BCN, unknown BCNs, test BCNs, malformed rows), uploaded as
//    multipart, timed until GET colonial/return-file/{jobId} answers 200 with its 10,000 rows; then every
//    row's result and the database's effects (qualify dates, BCNs, no-pay: inactive documents, clients
//    off the partner, purchase items) are checked, so the run cannot pass by doing nothing.
// Prints PASS/FAIL per figure and exits 1 when a target is missed; stops the services and drops the
// database at the end, also on failure or Ctrl+C.
//
// Environment: BENCH_DB (sqlite | postgres), BENCH_POSTGRES_URL, BENCH_IDENTITY_PORT (4771),
// BENCH_CART_API_PORT (4772), BENCH_CLIENTS (20000), BENCH_REPORT_ORDERS (10000, in the week),
// BENCH_REPORT_FROM (2024-09-09, a Monday; the week is 7 days from it), BENCH_SEARCHES (300 per query,
// after BENCH_SEARCH_WARMUP 30), BENCH_REPORTS (10 per variant, after BENCH_REPORT_WARMUP 2),
// BENCH_RETURN_ROWS (10000), BENCH_POLL_MS (100: how often the result is asked for; the page asks every
// 3 s), BENCH_JOBS_POLL_MS (cart-api's JOBS_POLL_MS, default 5000 as deployed: the upload wakes the runner),
// BENCH_SKIP_SEARCH=1 / BENCH_SKIP_REPORT=1 / BENCH_SKIP_RETURN_FILE=1,
// BENCH_KEEP_DATA=1.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { migrateToLatest } from 'cart-api/dist/db/migrate.js';
import { EPOP_PRODUCT } from 'cart-api/dist/db/reference-data.js';
import { seedDemo } from 'cart-api/dist/demo/seed.js';
import { addDays, calendarDayOf, demoAccount } from 'shared-domain';
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
import { measureSequential } from './lib/load.mjs';
import { assertBenchPort } from './lib/processes.mjs';
import { formatBytes, formatMs, machineNote, printTable } from './lib/report.mjs';
import { businessName, generator } from './lib/scale-data.mjs';

/** Issue 12: the search's p95 in ms, the report's p95 in ms, the return file's total in seconds (SQLite; PostgreSQL printed against the same). */
const TARGET = { searchMs: 15, reportMs: 2_000, returnFileSeconds: 30 };

const env = process.env;
const engine = benchEngine(env);
const identityPort = Number(env.BENCH_IDENTITY_PORT ?? 4771);
const cartApiPort = Number(env.BENCH_CART_API_PORT ?? 4772);
const clients = Number(env.BENCH_CLIENTS ?? 20_000);
const reportOrders = Number(env.BENCH_REPORT_ORDERS ?? 10_000);
const reportFrom = env.BENCH_REPORT_FROM ?? '2024-09-09';
const searches = Number(env.BENCH_SEARCHES ?? 300);
const searchWarmup = Number(env.BENCH_SEARCH_WARMUP ?? 30);
const reports = Number(env.BENCH_REPORTS ?? 10);
const reportWarmup = Number(env.BENCH_REPORT_WARMUP ?? 2);
const returnRows = Number(env.BENCH_RETURN_ROWS ?? 10_000);
const pollMs = Number(env.BENCH_POLL_MS ?? 100);
const jobsPollMs = env.BENCH_JOBS_POLL_MS ?? '5000';
const measureSearch = env.BENCH_SKIP_SEARCH !== '1';
const measureReport = env.BENCH_SKIP_REPORT !== '1';
const measureReturnFile = env.BENCH_SKIP_RETURN_FILE !== '1';
[identityPort, cartApiPort].forEach(assertBenchPort);

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500; // rows per INSERT: well under SQLite's and PostgreSQL's parameter limits
const PRICE_CENTS = 30_000;
const reportTo = addDays(reportFrom, 6);

// Which clients are whose (by index): 40% Colonial's (i % 5 < 2), of which one in 16 has no BCN yet
// (its return-file row teaches it by account id); 20% the other partners'; the rest direct.
const isColonial = (i) => i % 5 < 2;
const hasBcn = (i) => isColonial(i) && i % 40 !== 0;
const bcnOf = (i) => `C${7_000_000 + i}`;
const accountIdOf = (i) => (isColonial(i) ? `E${480_000 + i}` : `A${600_000 + i}`);
const taxIdOf = (i) => `${10 + (i % 89)}-${1_000_000 + i}`;
const TEST_BCNS = Array.from({ length: 10 }, (_, k) => `BENCH-TEST-${String(k + 1).padStart(2, '0')}`);
const NO_PAY_CODES = ['N1', 'N2', 'N3', 'N4', 'N5'];

// The return file's rows by kind, shares of BENCH_RETURN_ROWS (10,000: 6,300 + 1,000 + 400 + 1,900 + 200 + 100 + 100).
const RETURN_SHARES = {
  qualify: 0.63, // a known BCN and a qualify date
  noPay: 0.1, // a known BCN, a qualify date and a no-pay code (N1-N5 in turn)
  byAccount: 0.04, // a BCN not known yet, the client's account id: the BCN is recorded, and the date
  unknown: 0.19, // a BCN and an account id nobody has
  test: 0.02, // a test BCN: nothing applied
  badBcn: 0.01, // a malformed BCN
  badDate: 0.01, // a qualify date that is not one
};

const valid =
  clients >= 1_000 &&
  clients <= 200_000 &&
  reportOrders > 0 &&
  reportOrders <= clients &&
  /^\d{4}-\d{2}-\d{2}$/.test(reportFrom) &&
  new Date(`${reportFrom}T12:00:00Z`).getUTCDay() === 1 &&
  searches >= 1 &&
  searches <= 10_000 &&
  searchWarmup >= 0 &&
  reports >= 1 &&
  reports <= 100 &&
  reportWarmup >= 0 &&
  returnRows >= 100 &&
  returnRows <= 50_000 &&
  pollMs >= 10;
if (!valid) {
  throw new Error(
    'need 1000 ≤ BENCH_CLIENTS ≤ 200000, 0 < BENCH_REPORT_ORDERS ≤ BENCH_CLIENTS, BENCH_REPORT_FROM a Monday ' +
      '(YYYY-MM-DD), 1 ≤ BENCH_SEARCHES ≤ 10000, 1 ≤ BENCH_REPORTS ≤ 100, 100 ≤ BENCH_RETURN_ROWS ≤ 50000, BENCH_POLL_MS ≥ 10',
  );
}

const compliance = demoAccount('demo.compliance');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-back-office-'));
let database;
let services;
const cleanup = cleanupOnShutdown(dataDir, () => ({ services, database }));

async function insertAll(trx, table, rows) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/**
 * The data set: partners, clients, one document with its order and order item per client (the first
 * `reportOrders` ordered in the report's week, New York working hours; the others over the two years
 * before it, never within two days of it), and the test BCNs. Answers what the measurements check against.
 */
async function seedBackOffice(db) {
  const random = generator(1212);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const iso = (time) => new Date(time).toISOString();
  const weekStart = Date.parse(`${reportFrom}T13:00:00Z`); // Monday 8-9 am in New York
  const seededAt = iso(weekStart - 800 * DAY_MS);

  const partner = (name, colonial, k) => ({
    company_id: randomUUID(),
    kind: 'strategic-partner',
    name,
    address_line1: `${k + 1} Partner Plaza`,
    address_line2: null,
    city: 'Columbia',
    state: 'SC',
    zip_code: '29201',
    phone: '(803) 555-0100',
    federal_tax_id: `57-${2_000_000 + k}`,
    legal_entity_type: 'Corp',
    state_of_legal_construction: 'SC',
    strategic_partner_id: null,
    broker_user_id: null,
    colonial: colonial ? 1 : 0,
    created_at: seededAt,
  });
  const colonialPartners = [0, 1].map((k) => partner(`Bench Colonial Region ${k + 1}`, true, k));
  const otherPartners = Array.from({ length: 18 }, (_, k) =>
    partner(`Bench Partner ${String(k + 1).padStart(2, '0')}`, false, k + 2),
  );
  const brokers = Array.from({ length: 200 }, (_, k) => ({
    userId: randomUUID(),
    name: `Bench Broker ${k + 1}`,
    email: `bench.broker${k + 1}@example.com`,
  }));

  const companies = [];
  const documents = [];
  const orders = [];
  const items = [];
  const colonialInWeek = { count: 0 };
  const week = [weekStart - 2 * DAY_MS, weekStart + 9 * DAY_MS];
  for (let i = 0; i < clients; i++) {
    const broker = brokers[i % brokers.length];
    const colonial = isColonial(i);
    const partnerRow = colonial
      ? colonialPartners[i % 2]
      : i % 5 === 2
        ? otherPartners[i % otherPartners.length]
        : null;
    const inWeek = i < reportOrders;
    // In the week: Monday 13:00Z (8-9 am New York) to Sunday 21:00Z, so every order's New York day is in it.
    let orderedAt = inWeek
      ? weekStart + Math.floor(random() * (6 * DAY_MS + 8 * 60 * 60 * 1000))
      : weekStart - 2 * DAY_MS - Math.floor(random() * 730 * DAY_MS);
    if (!inWeek && orderedAt >= week[0] && orderedAt < week[1]) orderedAt -= 10 * DAY_MS;
    if (inWeek && colonial) colonialInWeek.count += 1;
    const name = businessName(pick, i, random);
    const company = {
      company_id: randomUUID(),
      kind: 'client',
      name,
      address_line1: `${(i % 900) + 100} Main Street`,
      address_line2: null,
      city: 'Springfield',
      state: pick(['TX', 'NC', 'SC', 'TN', 'OH', 'PA', 'GA', 'FL', 'AZ', 'CO']),
      zip_code: String(10_000 + (i % 89_999)),
      phone: '(555) 555-0200',
      federal_tax_id: taxIdOf(i),
      legal_entity_type: i % 2 === 0 ? 'LLC' : 'Corp',
      state_of_legal_construction: 'SC',
      strategic_partner_id: partnerRow?.company_id ?? null,
      strategic_partner_account_id: partnerRow ? accountIdOf(i) : null,
      bcn: hasBcn(i) ? bcnOf(i) : null,
      broker_user_id: broker.userId,
      // Every row of a multi-row INSERT names the same columns (SQLite has no DEFAULT in VALUES).
      colonial: 0,
      created_at: iso(orderedAt - 10 * 60 * 1000),
    };
    const start = new Date(orderedAt);
    const planStart = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const planEnd = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth() + 1, 0));
    const documentId = randomUUID();
    const orderId = randomUUID();
    const orderNumber = String(300_001 + i);
    const transactionId = `TXN${60_000_000 + i * 37}`;
    documents.push({
      document_id: documentId,
      product_id: EPOP_PRODUCT.product_id,
      owner_user_id: broker.userId,
      client_company_id: company.company_id,
      strategic_partner_id: partnerRow?.company_id ?? null,
      name: 'POP Document',
      plan_year_start: calendarDayOf(planStart),
      plan_year_end: calendarDayOf(planEnd),
      status: 'Paid',
      json: JSON.stringify({ clientCompanyName: name, primaryEmail: `office@client${i}.example` }),
      active: 1,
      created_at: iso(orderedAt - 5 * 60 * 1000),
    });
    orders.push({
      order_id: orderId,
      order_number: orderNumber,
      user_id: broker.userId,
      ordered_by: broker.name,
      ordered_by_email: broker.email,
      transaction_id: transactionId,
      payment_method: i % 2 === 0 ? 'card' : 'ach',
      total_cents: PRICE_CENTS,
      is_new: 0,
      paid_at: iso(orderedAt),
      receipt: `<h2>Receipt</h2><p>Order ${orderNumber}</p><p>POP Document for ${name}: $300.00</p>`,
      created_at: iso(orderedAt),
    });
    items.push({
      order_item_id: randomUUID(),
      order_id: orderId,
      product_id: EPOP_PRODUCT.product_id,
      product_type: 'POP Document',
      display_text: `POP Document - ${name}`,
      document_id: documentId,
      client_company_id: company.company_id,
      broker_name: broker.name,
      price_cents: PRICE_CENTS,
      returned: 0,
    });
    companies.push(company);
  }
  // Two transactions, as lib/scale-data.mjs' seedScale: on PostgreSQL cart-api's order search-text
  // triggers keep the plans made at their first call, so the first orders go in before statistics are
  // gathered (settle: ANALYZE) and the rest after.
  const PRIMER = Math.min(orders.length, 1_000);
  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'company', [...colonialPartners, ...otherPartners, ...companies]);
    await insertAll(trx, 'epop_document', documents);
    await insertAll(trx, 'orders', orders.slice(0, PRIMER));
    await insertAll(trx, 'order_item', items.slice(0, PRIMER));
    await insertAll(
      trx,
      'colonial_test_bcn',
      TEST_BCNS.map((bcn) => ({ bcn, added_by: 'bench', added_at: seededAt })),
    );
  });
  await database.settle();
  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'orders', orders.slice(PRIMER));
    await insertAll(trx, 'order_item', items.slice(PRIMER));
  });
  return { companies, documents, colonialInWeek: colonialInWeek.count };
}

/**
 * The return file's rows (kinds shuffled with a seeded generator), each with what its result must say
 * and, for the rows that change a client, what the database must hold afterwards.
 */
function returnFilePlan(companies, documents) {
  const random = generator(1213);
  const count = (share) => Math.round(returnRows * share);
  const n = Object.fromEntries(Object.entries(RETURN_SHARES).map(([kind, share]) => [kind, count(share)]));
  n.qualify = returnRows - Object.entries(n).reduce((sum, [k, v]) => (k === 'qualify' ? sum : sum + v), 0);
  const withBcn = [];
  const withoutBcn = [];
  companies.forEach((_, i) => {
    if (hasBcn(i)) withBcn.push(i);
    else if (isColonial(i)) withoutBcn.push(i);
  });
  if (withBcn.length < n.qualify + n.noPay + n.badDate || withoutBcn.length < n.byAccount) {
    throw new Error(
      `${withBcn.length} clients with a BCN and ${withoutBcn.length} without for ${returnRows} rows: raise BENCH_CLIENTS`,
    );
  }
  // Distinct clients for each row that changes one (a second no-pay on a client would fail: inactive).
  const shuffled = (list) => {
    const copy = [...list];
    for (let k = copy.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [copy[k], copy[j]] = [copy[j], copy[k]];
    }
    return copy;
  };
  const known = shuffled(withBcn);
  const unknown = shuffled(withoutBcn);
  const day = (k) => addDays('2026-10-01', k % 45);
  const rows = [];
  let noPays = 0;
  for (let k = 0; k < n.qualify; k++) {
    const i = known[k];
    rows.push({
      kind: 'qualify',
      i,
      bcn: bcnOf(i),
      accountId: accountIdOf(i),
      qualifyDate: day(k),
      noPay: '',
    });
  }
  for (let k = 0; k < n.noPay; k++) {
    const i = known[n.qualify + k];
    const code = NO_PAY_CODES[noPays++ % NO_PAY_CODES.length];
    rows.push({
      kind: 'noPay',
      i,
      bcn: bcnOf(i),
      accountId: accountIdOf(i),
      qualifyDate: day(k),
      noPay: code,
    });
  }
  for (let k = 0; k < n.byAccount; k++) {
    const i = unknown[k];
    rows.push({
      kind: 'byAccount',
      i,
      bcn: bcnOf(i),
      accountId: accountIdOf(i),
      qualifyDate: day(k),
      noPay: '',
    });
  }
  for (let k = 0; k < n.unknown; k++) {
    rows.push({
      kind: 'unknown',
      bcn: `U${8_000_000 + k}`,
      accountId: `E${900_000 + k}`,
      qualifyDate: day(k),
      noPay: k % 10 === 0 ? 'N2' : '',
    });
  }
  for (let k = 0; k < n.test; k++) {
    rows.push({
      kind: 'test',
      bcn: TEST_BCNS[k % TEST_BCNS.length],
      accountId: '',
      qualifyDate: day(k),
      noPay: '',
    });
  }
  for (let k = 0; k < n.badBcn; k++) {
    rows.push({ kind: 'badBcn', bcn: `C ${k}!`, accountId: '', qualifyDate: day(k), noPay: '' });
  }
  for (let k = 0; k < n.badDate; k++) {
    const i = known[n.qualify + n.noPay + k];
    rows.push({
      kind: 'badDate',
      i,
      bcn: bcnOf(i),
      accountId: accountIdOf(i),
      qualifyDate: '31/31/2026',
      noPay: '',
    });
  }
  const plan = shuffled(rows).map((row) => ({
    ...row,
    clientId: row.i === undefined ? null : companies[row.i].company_id,
    documentId: row.i === undefined ? null : documents[row.i].document_id,
  }));
  return { rows: plan, counts: n };
}

/** The result each kind of row must report (cart-api's COLONIAL_MESSAGES.returnRow and .noPay). */
const EXPECTED_RESULT = {
  qualify: { success: true, result: /^Qualify date \d\d\/\d\d\/\d{4} recorded$/ },
  noPay: {
    success: true,
    result: /^Qualify date \d\d\/\d\d\/\d{4} recorded; No Pay Reason has been processed$/,
  },
  byAccount: { success: true, result: /^BCN C\d+ recorded; Qualify date \d\d\/\d\d\/\d{4} recorded$/ },
  unknown: { success: false, result: /^No client has BCN U\d+$/ },
  test: { success: true, result: /^Test BCN: nothing applied$/ },
  badBcn: { success: false, result: /is not a valid BCN$/ },
  badDate: { success: false, result: /^Qualify Date 31\/31\/2026 is not a date/ },
};

/** The return file as Colonial sends it: a header row, then the rows; half the dates as date cells, half as text. */
async function returnFileBytes(rows) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Return');
  sheet.addRow(['BCN Vendor', 'BCN', 'Account Id', 'Qualify Date', 'No Pay']);
  rows.forEach((row, k) => {
    const [y, m, d] = row.qualifyDate.split('-');
    const date =
      row.kind === 'badDate'
        ? row.qualifyDate
        : k % 2 === 0
          ? new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
          : `${m}/${d}/${y}`;
    sheet.addRow([`Colonial Vendor ${(k % 7) + 1}`, row.bcn, row.accountId, date, row.noPay]);
  });
  sheet.getColumn(4).numFmt = 'mm/dd/yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The machine's load right before a measurement. */
const loadNote = () =>
  `load average before: ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ')}`;

const count = async (sql, parameters = []) => Number((await queryRows(database, sql, parameters))[0].n);

/** Waits until cart-api's runner has no job left to do (the demo seed's receipts), so nothing runs beside the measurements. */
async function jobsSettled(timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await count(
      "select count(*) as n from job where state in ('pending', 'running') and due_at <= ?",
      [new Date().toISOString()],
    );
    if (open === 0) return;
    if (Date.now() > deadline) throw new Error(`${open} jobs still due after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** 1. The client search: each query `searches` times, one at a time, every answer checked. */
async function measureSearches(api, headers, { companies }) {
  const rare = Math.floor(clients * 0.617);
  const taxClient = Math.floor(clients * 0.4321);
  const accountClient = 5 * Math.floor((clients * 0.2468) / 5); // a Colonial client (i % 5 = 0)
  const queries = [
    { label: 'common word', text: 'dental', check: (rows) => rows.length === 50 },
    {
      label: "one client's full name",
      text: companies[rare].name,
      check: (rows) => rows.some((row) => row.clientId === companies[rare].company_id),
    },
    { label: 'no match', text: 'zzqx nothing', check: (rows) => rows.length === 0 },
    {
      label: 'tax id',
      text: taxIdOf(taxClient),
      check: (rows) => rows.length === 1 && rows[0].clientId === companies[taxClient].company_id,
    },
    {
      label: 'account id',
      text: accountIdOf(accountClient),
      check: (rows) => rows.length === 1 && rows[0].clientId === companies[accountClient].company_id,
    },
  ];
  const measured = [];
  for (const query of queries) {
    const url = `${api}/client/search?searchText=${encodeURIComponent(query.text)}`;
    let rowsAnswered = 0;
    const result = await measureSequential({
      url: api,
      count: searches,
      warmup: searchWarmup,
      send: async () => {
        const response = await fetch(url, { headers });
        return { response, body: await response.json() };
      },
      check: ({ response, body }) => {
        if (!response.ok || !Array.isArray(body) || !query.check(body)) {
          throw new Error(
            `GET client/search?searchText=${query.text}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`,
          );
        }
        rowsAnswered = body.length;
      },
    });
    const [{ n: matches }] = await queryRows(
      database,
      "select count(*) as n from company where kind = 'client' and (lower(name) like ? or lower(strategic_partner_account_id) = ? or replace(federal_tax_id, '-', '') like ?)",
      [
        `%${query.text.toLowerCase()}%`,
        query.text.toLowerCase(),
        /^[\d-]+$/.test(query.text) ? `%${query.text.replace(/-/g, '')}%` : '-',
      ],
    );
    console.log(`  ${query.label} (${query.text}): p50 ${formatMs(result.p50)}, p95 ${formatMs(result.p95)}`);
    measured.push({ ...query, result, rowsAnswered, matches: Number(matches) });
  }
  return measured;
}

/** 2. The weekly report's Excel file: the whole file received (timed), then opened and its rows counted (untimed). */
async function measureReports(api, headers, { expectedAll, expectedNonColonial }) {
  const variants = [
    { label: 'all orders', query: '', expected: expectedAll },
    { label: 'excludeColonial=true', query: '&excludeColonial=true', expected: expectedNonColonial },
  ];
  const measured = [];
  for (const variant of variants) {
    const url = `${api}/sales-report/epop/excel?from=${reportFrom}&to=${reportTo}${variant.query}`;
    let what = '';
    const result = await measureSequential({
      url: api,
      count: reports,
      warmup: reportWarmup,
      send: async () => {
        const response = await fetch(url, { headers });
        return { response, bytes: Buffer.from(await response.arrayBuffer()) };
      },
      check: async ({ response, bytes }) => {
        if (!response.ok || !(response.headers.get('content-type') ?? '').includes('spreadsheetml')) {
          throw new Error(`GET ${url}: ${response.status} ${bytes.subarray(0, 300)}`);
        }
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(bytes);
        const sheet = workbook.worksheets[0];
        const dataRows = sheet.actualRowCount - 1;
        const firstCompany = sheet.getRow(2).getCell(1).value;
        if (dataRows !== variant.expected || typeof firstCompany !== 'string' || firstCompany === '') {
          throw new Error(
            `the report (${variant.label}) holds ${dataRows} rows, expected ${variant.expected}`,
          );
        }
        what = `${dataRows} rows, ${formatBytes(bytes.length)}`;
      },
    });
    console.log(`  ${variant.label}: p50 ${formatMs(result.p50)}, p95 ${formatMs(result.p95)}`);
    measured.push({ ...variant, result, what });
  }
  return measured;
}

/** 3. The return file: upload → its rows answered (timed), then every result and effect checked. */
async function measureReturnFileRun(api, headers, { companies, documents }) {
  const plan = returnFilePlan(companies, documents);
  const bytes = await returnFileBytes(plan.rows);
  const form = new FormData();
  form.append(
    'returnFile',
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'bench-return-file.xlsx',
  );
  console.log(
    `measuring: a return file of ${plan.rows.length} rows (${formatBytes(bytes.length)}); ${loadNote()} …`,
  );
  const started = performance.now();
  const upload = await fetch(`${api}/colonial/return-file`, { method: 'POST', headers, body: form });
  const uploadBody = await upload.json();
  const uploadedMs = performance.now() - started;
  if (!upload.ok || typeof uploadBody.jobId !== 'string') {
    throw new Error(`POST colonial/return-file: ${upload.status} ${JSON.stringify(uploadBody)}`);
  }
  let firstRowMs;
  let polls = 0;
  let rows;
  const deadline = started + 10 * 60 * 1000;
  for (;;) {
    const response = await fetch(`${api}/colonial/return-file/${uploadBody.jobId}`, { headers });
    const body = await response.json();
    polls += 1;
    if (response.status === 200) {
      rows = body;
      break;
    }
    if (response.status !== 202)
      throw new Error(`GET colonial/return-file: ${response.status} ${JSON.stringify(body)}`);
    if (firstRowMs === undefined && body.processed > 0) firstRowMs = performance.now() - started;
    if (performance.now() > deadline) throw new Error('the return file was not processed within 10 minutes');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  const seconds = (performance.now() - started) / 1000;
  const [job] = await queryRows(
    database,
    'select created_at, finished_at, result from job where job_id = ?',
    [uploadBody.jobId],
  );
  const jobSeconds = (Date.parse(job.finished_at) - Date.parse(job.created_at)) / 1000;

  // Every row's result, in file order.
  if (!Array.isArray(rows) || rows.length !== plan.rows.length) {
    throw new Error(`GET colonial/return-file answered ${rows?.length} rows, expected ${plan.rows.length}`);
  }
  const wrong = [];
  plan.rows.forEach((row, k) => {
    const got = rows[k];
    const expected = EXPECTED_RESULT[row.kind];
    const ok =
      got.bcn === row.bcn &&
      got.success === expected.success &&
      expected.result.test(got.result) &&
      got.clientId === (row.kind === 'test' || !expected.success ? null : row.clientId);
    if (!ok) wrong.push(`row ${k + 2} (${row.kind}): ${JSON.stringify(got)}`);
  });
  if (wrong.length > 0) {
    throw new Error(`${wrong.length} rows answered wrongly, e.g. ${wrong.slice(0, 3).join('; ')}`);
  }

  // The effects in the database.
  const changed = plan.rows.filter((row) => ['qualify', 'noPay', 'byAccount'].includes(row.kind));
  const noPay = plan.rows.filter((row) => row.kind === 'noPay');
  const clientRows = await queryRows(
    database,
    "select company_id, bcn, colonial_qualify_date, strategic_partner_id from company where kind = 'client' and colonial_qualify_date is not null",
  );
  const byId = new Map(clientRows.map((row) => [row.company_id, row]));
  const effects = [];
  for (const row of changed) {
    const client = byId.get(row.clientId);
    if (!client || client.colonial_qualify_date !== row.qualifyDate || client.bcn !== row.bcn) {
      effects.push(`client ${row.i}: ${JSON.stringify(client)}, expected ${row.qualifyDate} ${row.bcn}`);
    } else if ((row.kind === 'noPay') !== (client.strategic_partner_id === null)) {
      effects.push(`client ${row.i} (${row.kind}): partner ${client.strategic_partner_id}`);
    }
  }
  const qualifyDates = clientRows.filter((row) => row.bcn?.startsWith('C')).length;
  const documentRows = await queryRows(
    database,
    'select document_id, no_pay_code, status, active from epop_document where no_pay_code is not null',
  );
  const docs = new Map(documentRows.map((row) => [row.document_id, row]));
  for (const row of noPay) {
    const doc = docs.get(row.documentId);
    if (!doc || doc.no_pay_code !== row.noPay || doc.status !== 'Inactive' || Number(doc.active) !== 0) {
      effects.push(`document of client ${row.i}: ${JSON.stringify(doc)}, expected ${row.noPay} Inactive`);
    }
  }
  const purchases = noPay.filter((row) => row.noPay === 'N1' || row.noPay === 'N3').length;
  const items = await count(
    "select count(*) as n from action_item where item_type = 'colonial-cancellation-purchase'",
  );
  const logged = await count('select count(*) as n from change_log where description like ?', [
    '%(return file bench-return-file.xlsx, row %',
  ]);
  // One row per changed client (its BCN and date), one more per no-pay (the document's deactivation).
  const expectedLog = changed.length + noPay.length;
  if (items !== purchases) effects.push(`${items} purchase action items, expected ${purchases}`);
  if (documentRows.length !== noPay.length)
    effects.push(`${documentRows.length} documents with a no-pay code, expected ${noPay.length}`);
  if (qualifyDates !== changed.length)
    effects.push(`${qualifyDates} qualify dates recorded, expected ${changed.length}`);
  if (logged !== expectedLog) effects.push(`${logged} change-log rows, expected ${expectedLog}`);
  if (effects.length > 0) {
    throw new Error(
      `the return file's effects are wrong (${effects.length}): ${effects.slice(0, 5).join('; ')}`,
    );
  }
  const succeeded = rows.filter((row) => row.success).length;
  console.log(
    `  ${rows.length} rows in ${seconds.toFixed(1)} s (upload answered in ${formatMs(uploadedMs)}, first row after ` +
      `${formatMs(firstRowMs ?? Number.NaN)}, ${polls} polls; the job from queued to done ${jobSeconds.toFixed(1)} s): ` +
      `${succeeded} succeeded, ${rows.length - succeeded} failed as planned; ${changed.length} qualify dates, ` +
      `${plan.counts.byAccount} BCNs learnt, ${noPay.length} no-pay codes applied (${purchases} purchase items), ` +
      `${logged} change-log rows`,
  );
  return { seconds, uploadedMs, firstRowMs, jobSeconds, plan, bytes: bytes.length, succeeded };
}

try {
  database = await createCartDatabase({ engine, dataDir, prefix: 'bench_back_office' });
  console.log(`DATA_DIR ${dataDir}, cart-api on ${database.label}`);
  seedIdentity(dataDir);
  let seeded;
  const db = createDatabase(database.url);
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    const started = Date.now();
    seeded = await seedBackOffice(db);
    await database.settle();
    console.log(
      `seeded ${clients} clients (${clients * 0.4} Colonial, ${clients * 0.2} of other partners) with one document, ` +
        `order and item each; ${reportOrders} of the orders in ${reportFrom} to ${reportTo} ` +
        `(${seeded.colonialInWeek} Colonial); in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.destroy();
  }
  // Nothing else (the demo data) may fall in the report's week.
  const inWeek = await count(
    'select count(*) as n from order_item i join orders o on o.order_id = i.order_id where i.returned = 0 and o.created_at >= ? and o.created_at < ?',
    [`${addDays(reportFrom, -1)}T00:00:00.000Z`, `${addDays(reportTo, 2)}T00:00:00.000Z`],
  );
  if (inWeek !== reportOrders)
    throw new Error(
      `${inWeek} order items near the week, not ${reportOrders}: choose another BENCH_REPORT_FROM`,
    );

  services = cartApiServices({
    dataDir,
    identityPort,
    cartApiPort,
    databaseUrl: database.url,
    // The runner as deployed (it processes the return file); no reminder scan at start (the demo
    // documents would queue e-mails beside the measurements); e-mails as .eml files in the data folder.
    cartApiEnv: {
      JOBS_POLL_MS: jobsPollMs,
      REMINDERS_SCHEDULE: 'off',
      SMTP_URL: '',
      OUTBOX_DIR: join(dataDir, 'outbox'),
    },
  });
  await services.start();
  await jobsSettled();
  const headers = {
    authorization: `Bearer ${await passwordGrant(services.identityUrl, compliance.username)}`,
  };
  const verdicts = [];

  if (measureSearch) {
    console.log(
      `measuring: the client search, ${searches} requests per query (after ${searchWarmup}), one at a time; ${loadNote()} …`,
    );
    const measured = await measureSearches(services.cartApiUrl, headers, seeded);
    console.log('');
    printTable(
      [
        'GET /client/search (compliance, 1 conn.)',
        'searchText',
        'matches',
        'rows',
        'n',
        'p50',
        'p95',
        'max',
        'target p95',
        'result',
      ],
      measured.map(({ label, text, matches, rowsAnswered, result }) => [
        label,
        text,
        String(matches),
        String(rowsAnswered),
        String(result.requests),
        formatMs(result.p50),
        formatMs(result.p95),
        formatMs(result.max),
        `${TARGET.searchMs} ms`,
        result.p95 <= TARGET.searchMs ? 'PASS' : 'FAIL',
      ]),
    );
    for (const { label, result } of measured) {
      verdicts.push({ name: `client search (${label})`, pass: result.p95 <= TARGET.searchMs });
    }
  }

  if (measureReport) {
    const nonColonial = reportOrders - seeded.colonialInWeek;
    console.log(
      `\nmeasuring: the weekly report's Excel file, ${reports} runs per variant (after ${reportWarmup}); ${loadNote()} …`,
    );
    const measured = await measureReports(services.cartApiUrl, headers, {
      expectedAll: reportOrders,
      expectedNonColonial: nonColonial,
    });
    console.log('');
    printTable(
      [
        `GET /sales-report/epop/excel?from=${reportFrom}&to=${reportTo}`,
        'what',
        'n',
        'p50',
        'p95',
        'max',
        'target p95',
        'result',
      ],
      measured.map(({ label, what, result }) => [
        label,
        what,
        String(result.requests),
        formatMs(result.p50),
        formatMs(result.p95),
        formatMs(result.max),
        `${TARGET.reportMs} ms`,
        result.p95 <= TARGET.reportMs ? 'PASS' : 'FAIL',
      ]),
    );
    for (const { label, result } of measured) {
      verdicts.push({ name: `weekly report (${label})`, pass: result.p95 <= TARGET.reportMs });
    }
  }

  if (measureReturnFile) {
    console.log('');
    const run = await measureReturnFileRun(services.cartApiUrl, headers, seeded);
    console.log('');
    const c = run.plan.counts;
    printTable(
      [
        'return file (upload → rows answered)',
        'rows',
        'file',
        'upload answered',
        'job (queued → done)',
        'total',
        'per row',
        'target',
        'result',
      ],
      [
        [
          `qualify ${c.qualify}, no-pay ${c.noPay}, by account ${c.byAccount}, unknown ${c.unknown}, test ${c.test}, malformed ${c.badBcn + c.badDate}`,
          String(run.plan.rows.length),
          formatBytes(run.bytes),
          formatMs(run.uploadedMs),
          `${run.jobSeconds.toFixed(1)} s`,
          `${run.seconds.toFixed(1)} s`,
          formatMs((run.seconds * 1000) / run.plan.rows.length),
          `${TARGET.returnFileSeconds} s`,
          run.seconds <= TARGET.returnFileSeconds ? 'PASS' : 'FAIL',
        ],
      ],
    );
    verdicts.push({
      name: `return file of ${returnRows} rows`,
      pass: run.seconds <= TARGET.returnFileSeconds,
    });
  }

  console.log(
    `\n${await database.version()}; ${machineNote()}; client, services and database on one machine`,
  );
  const failed = verdicts.filter(({ pass }) => !pass);
  if (failed.length > 0) {
    console.log(`FAIL: ${failed.map(({ name }) => name).join('; ')} over target`);
    process.exitCode = 1;
  } else {
    console.log('PASS: every figure within its target');
  }
} catch (error) {
  console.error(`back-office failed: ${error instanceof Error ? error.stack : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
