import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Kysely } from 'kysely';
import { createDatabase, createTestDatabase, type TestDatabase } from 'service-kit/server';
import { runCommand, USAGE } from '../src/commands.js';
import type { Database } from '../src/db/schema.js';
import { demoId } from '../src/demo/seed.js';
import { checkedForm } from '../src/domain/documents/form.js';
import { partnerFormSettings } from '../src/domain/partners/settings.js';
import { settlementJob } from '../src/domain/purchase/settlement.js';
import { enqueue } from '../src/jobs/queue.js';

describe('cli commands', () => {
  let testDb: TestDatabase;
  let db: Kysely<Database>;
  const lines: string[] = [];
  const output = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = createDatabase<Database>(testDb.url);
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  const counts = async () => {
    const tables = [
      'company',
      'epop_document',
      'orders',
      'order_item',
      'cart_item',
      'action_item',
      'client_view',
    ] as const;
    const result: Record<string, number> = {};
    for (const table of tables) {
      const { count } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      result[table] = Number(count);
    }
    return result;
  };

  it('migrate brings an empty database to the latest schema with the reference data, once', async () => {
    expect(await runCommand('migrate', { DATABASE_URL: testDb.url }, output)).toBe(0);
    // Every migration, in order (those after 0016 are issue 12's, numbered per part).
    expect(lines.pop()).toMatch(
      /^migrated: 0001-initial, 0002-reference-data, 0003-order-search-text, 0004-page-view, 0005-company-user, 0006-documents-and-discounts, 0007-prices-and-attributes, 0008-partner-rules, 0009-document-renewals, 0010-client-documents, 0011-cart-item-action-item, 0012-document-search, 0013-checkout, 0014-jobs, 0015-document-archive, 0016-document-care(, 00\d\d-[a-z-]+)*$/,
    );
    expect(await runCommand('migrate', { DATABASE_URL: testDb.url }, output)).toBe(0);
    expect(lines.pop()).toBe('database is up to date');
    expect(await db.selectFrom('product').select(['code', 'name', 'price_cents']).execute()).toEqual([
      { code: 'epop', name: 'POP Document', price_cents: 22_500 },
    ]);
  });

  it('seed-demo refuses in production and changes nothing', async () => {
    const before = await counts();
    expect(await runCommand('seed-demo', { DATABASE_URL: testDb.url, NODE_ENV: 'production' }, output)).toBe(
      1,
    );
    expect(lines.pop()).toBe('seed-demo refuses to run with NODE_ENV=production');
    expect(await counts()).toEqual(before);
  });

  it('seed-demo is idempotent', async () => {
    expect(await runCommand('seed-demo', { DATABASE_URL: testDb.url }, output)).toBe(0);
    const first = await counts();
    expect(first).toMatchObject({
      // 14 bought, and the 2 Unpaid ones the invite and unpaid action items ask to buy.
      epop_document: 16,
      orders: 14,
      order_item: 14,
      cart_item: 2,
      action_item: 4,
    });
    expect(await runCommand('seed-demo', { DATABASE_URL: testDb.url }, output)).toBe(0);
    expect(await counts()).toEqual(first);
  });

  it("seeds complete demo documents: each passes the order form's rules, its partner's included", async () => {
    expect(await runCommand('seed-demo', { DATABASE_URL: testDb.url }, output)).toBe(0);
    const documents = await db.selectFrom('epop_document').select(['json', 'strategic_partner_id']).execute();
    expect(documents).toHaveLength(16);
    for (const document of documents) {
      const partner = await partnerFormSettings(db, document.strategic_partner_id);
      const form = JSON.parse(document.json) as Record<string, unknown>;
      await expect(checkedForm(form, partner)).resolves.toMatchObject({
        clientCompanyName: form.clientCompanyName,
        benefitsContact: expect.stringMatching(/\w+ \w+/),
      });
    }
    const [colonial, summit, harbor] = await Promise.all(
      ['colonial', 'summit', 'harbor'].map((key) => partnerFormSettings(db, demoId(`partner ${key}`))),
    );
    expect(colonial).toMatchObject({ customIdentifiers: { 'account-id': {}, 'account-id-suffix': {} } });
    expect(colonial?.colonial?.noPayOptions.length).toBeGreaterThanOrEqual(3);
    expect(summit).toMatchObject({ bypassShoppingCart: true, excludedStates: [] });
    expect(harbor).toMatchObject({ bypassShoppingCart: false, excludedStates: ['CA', 'NY', 'WA'] });
  });

  it('answers the usage for an unknown command', async () => {
    expect(await runCommand('drop-everything', { DATABASE_URL: testDb.url }, output)).toBe(1);
    expect(lines.pop()).toBe(USAGE);
  });
});

describe('run-jobs without a payment gateway', () => {
  let testDb: TestDatabase;
  let db: Kysely<Database>;
  let outboxDir: string;
  const lines: string[] = [];
  const output = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = createDatabase<Database>(testDb.url);
    outboxDir = await mkdtemp(join(tmpdir(), 'run-jobs-'));
  });
  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
    await rm(outboxDir, { recursive: true, force: true });
  });

  it('leaves the settlement jobs unclaimed for the service, and runs the others', async () => {
    expect(await runCommand('migrate', { DATABASE_URL: testDb.url }, output)).toBe(0);
    const due = new Date(Date.now() - 60_000);
    await enqueue(db, settlementJob('an-order-settling', 'a-buyer', 1, due), due);
    // Production without PAYMENT_GATEWAY: the service would not start, the operator command runs.
    const env = {
      DATABASE_URL: testDb.url,
      NODE_ENV: 'production',
      CART_API_CLIENT_SECRET: 'operator-secret',
      OUTBOX_DIR: outboxDir,
    };
    expect(await runCommand('run-jobs', env, output)).toBe(0);
    expect(lines).toContain(
      'settlement jobs left for the service: PAYMENT_GATEWAY is required when NODE_ENV=production (the sandbox only when named)',
    );
    // The day's reminder scan ran; the settlement job waits, no attempt spent.
    expect(lines.at(-1)).toBe('jobs run: 1');
    expect(
      await db
        .selectFrom('job')
        .select(['kind', 'state', 'attempts', 'last_error'])
        .orderBy('kind')
        .execute(),
    ).toEqual([
      { kind: 'scan-reminders', state: 'done', attempts: 1, last_error: null },
      { kind: 'settle-payment', state: 'pending', attempts: 0, last_error: null },
    ]);
  });
});
