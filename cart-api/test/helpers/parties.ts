import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from '@jest/globals';
import type { Insertable, Kysely } from 'kysely';
import type { Caller } from 'service-kit';
import { roleInfo } from 'shared-domain';
import { EPOP_PRODUCT } from '../../src/db/reference-data.js';
import type { Database, DiscountTable } from '../../src/db/schema.js';
import { buildTestApp, type TestContext } from './build.js';
import { companyRow, documentRow } from './rows.js';

/** The callers of the authorization tests; `guest` has no token. */
export const CALLER_NAMES = ['guest', 'brokerA', 'brokerB', 'employerA', 'employerB', 'compliance'] as const;
export type CallerName = (typeof CALLER_NAMES)[number];
export type PartyName = Exclude<CallerName, 'guest' | 'compliance'>;

/** What one broker or employer has: their client company, a document, an order, a cart item, an action item. */
export interface PartyRecords {
  userId: string;
  companyId: string;
  documentId: string;
  orderId: string;
  cartItemId: string;
  actionItemId: string;
  /** A promo code (codes belong to no one: compliance's records, everyone else's foreign ones). */
  discountId: string;
  /** A generated file of the party's document, archived. */
  archiveId: string;
  /** A non-discrimination test of the party's document. */
  ndtResultId: string;
}

export interface Account {
  userId: string;
  roles: readonly string[];
}

export interface Parties {
  accounts: Record<Exclude<CallerName, 'guest'>, Account>;
  records: Record<PartyName, PartyRecords>;
  /** A document of brokerA's client company that another user (compliance) ordered. */
  clientDocumentOfBrokerA: string;
  /** A strategic partner (no broker, no users). */
  partnerId: string;
  /** An employer linked to no company (the one a company users test adds). */
  outsider: Account;
  /** A valid promo code (5% off the total) no cart has applied yet. */
  unappliedCode: string;
}

/** The caller a policy sees for an account (null: a guest). */
export function callerOf(account: Account | undefined): Caller | null {
  if (!account) return null;
  return {
    userId: account.userId,
    username: account.userId,
    roles: [...account.roles],
    ...roleInfo(account.roles),
  };
}

const ROLES: Record<PartyName, string> = {
  brokerA: 'broker',
  brokerB: 'broker',
  employerA: 'employer',
  employerB: 'employer',
};

/**
 * Two brokers and two employers, each with their own records: a broker's client company names them
 * as its broker; an employer's company is linked to them (company_user). Nothing is shared, so every
 * record is "own" for one party and "foreign" for the others.
 */
export async function seedParties(db: Kysely<Database>): Promise<Parties> {
  const now = new Date().toISOString();
  const document = (ownerUserId: string, companyId: string) => documentRow(ownerUserId, companyId);

  const records = {} as Record<PartyName, PartyRecords>;
  for (const [index, name] of (Object.keys(ROLES) as PartyName[]).entries()) {
    const userId = randomUUID();
    const broker = ROLES[name] === 'broker';
    const client = companyRow(`${name} Company`, { brokerUserId: broker ? userId : null });
    await db.insertInto('company').values(client).execute();
    if (!broker) {
      await db
        .insertInto('company_user')
        .values({ company_id: client.company_id, user_id: userId, created_at: now })
        .execute();
    }
    const doc = document(userId, client.company_id);
    await db.insertInto('epop_document').values(doc).execute();
    const orderId = randomUUID();
    await db
      .insertInto('orders')
      .values({
        order_id: orderId,
        order_number: `9${String(index).padStart(5, '0')}${randomUUID().slice(0, 4)}`,
        user_id: userId,
        ordered_by: name,
        ordered_by_email: `${name}@example.com`,
        transaction_id: `TXN-${name}`,
        payment_method: 'card',
        total_cents: 30_000,
        is_new: 1,
        paid_at: now,
        receipt: `<p>${name}</p>`,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('order_item')
      .values({
        order_item_id: randomUUID(),
        order_id: orderId,
        product_id: EPOP_PRODUCT.product_id,
        product_type: EPOP_PRODUCT.name,
        display_text: `${EPOP_PRODUCT.name} - ${name}`,
        document_id: doc.document_id,
        client_company_id: client.company_id,
        broker_name: null,
        price_cents: 30_000,
        returned: 0,
      })
      .execute();
    const actionItemId = randomUUID();
    await db
      .insertInto('action_item')
      .values({
        action_item_id: actionItemId,
        user_id: userId,
        item_type: 'pop-document-renewal',
        description: `renew ${name}`,
        json: JSON.stringify({ DocumentId: doc.document_id }),
        created_by: 'system',
        created_at: now,
        completed: 0,
        completed_at: null,
      })
      .execute();
    const cartItemId = randomUUID();
    await db
      .insertInto('cart_item')
      .values({
        cart_item_id: cartItemId,
        user_id: userId,
        product_id: EPOP_PRODUCT.product_id,
        document_id: doc.document_id,
        action_item_id: actionItemId,
        strategic_partner_id: null,
        display_text: `${EPOP_PRODUCT.name} - ${name}`,
        base_price_cents: 30_000,
        price_adjustment_cents: 0,
        discount_cents: 0,
        attributes: '[]',
        json: doc.json,
        saved_for_later: 0,
        created_at: now,
      })
      .execute();
    const discountId = randomUUID();
    await db
      .insertInto('discount')
      .values(promoCodeRow(`CODE-${name}`, { discount_id: discountId, percentage: 10 }))
      .execute();
    await db
      .insertInto('cart_discount')
      .values({ user_id: userId, discount_id: discountId, applied_at: now })
      .execute();
    const archiveId = randomUUID();
    await db
      .insertInto('document_archive')
      .values({
        archive_id: archiveId,
        document_id: doc.document_id,
        name: `${name} - Plan Document.pdf`,
        content_type: 'application/pdf',
        content: Buffer.from(`%PDF-1.3 ${name}`).toString('base64'),
        generated_by: userId,
        generated_at: now,
      })
      .execute();
    const ndtResultId = randomUUID();
    await db
      .insertInto('ndt_result')
      .values({
        ndt_result_id: ndtResultId,
        document_id: doc.document_id,
        plan_year_start: doc.plan_year_start,
        plan_year_end: doc.plan_year_end,
        taken_by: userId,
        taken_by_name: name,
        created_at: now,
        pass: 1,
        input: JSON.stringify({ ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true }),
        results: JSON.stringify({ pass: true, ndtResult: 'Pass', safeHarbor: true, results: [] }),
      })
      .execute();
    records[name] = {
      userId,
      archiveId,
      ndtResultId,
      discountId,
      companyId: client.company_id,
      documentId: doc.document_id,
      orderId,
      cartItemId,
      actionItemId,
    };
  }

  const compliance: Account = { userId: randomUUID(), roles: ['compliance'] };
  const clientDocument = document(compliance.userId, records.brokerA.companyId);
  await db.insertInto('epop_document').values(clientDocument).execute();
  const partner = companyRow('A Partner', { kind: 'strategic-partner' });
  await db.insertInto('company').values(partner).execute();
  const unappliedCode = 'WELCOME5';
  await db
    .insertInto('discount')
    .values(promoCodeRow(unappliedCode, { percentage: 5 }))
    .execute();

  const account = (name: PartyName): Account => ({ userId: records[name].userId, roles: [ROLES[name]] });
  return {
    accounts: {
      brokerA: account('brokerA'),
      brokerB: account('brokerB'),
      employerA: account('employerA'),
      employerB: account('employerB'),
      compliance,
    },
    records,
    clientDocumentOfBrokerA: clientDocument.document_id,
    partnerId: partner.company_id,
    outsider: { userId: randomUUID(), roles: ['employer'] },
    unappliedCode,
  };
}

/** A promo code valid from 2026 to 2099, 10% off the total unless `overrides` say otherwise. */
export function promoCodeRow(
  code: string,
  overrides: Partial<Insertable<DiscountTable>> = {},
): Insertable<DiscountTable> {
  return {
    discount_id: randomUUID(),
    code,
    code_key: code.toLowerCase(),
    percentage: 10,
    amount_cents: null,
    max_amount_cents: null,
    start_date: '2026-01-01',
    end_date: '2099-12-31',
    product_id: null,
    type: 'Total',
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

// Every table: a new one without its entry fails the type check, so snapshots never miss one.
const TABLES: Record<keyof Database, true> = {
  product: true,
  attribute: true,
  attribute_value: true,
  system_message: true,
  app_config: true,
  setting: true,
  company: true,
  company_user: true,
  discount: true,
  cart_discount: true,
  client_view: true,
  epop_document: true,
  orders: true,
  order_item: true,
  cart_item: true,
  action_item: true,
  page_view: true,
  partner_rule: true,
  partner_label: true,
  no_pay_option: true,
  purchase: true,
  counter: true,
  job: true,
  document_archive: true,
  ndt_result: true,
  change_log: true,
  colonial_test_bcn: true,
  colonial_return_file: true,
  colonial_return_row: true,
  rate_limit: true,
  receipt_file: true,
  settings_change: true,
  document_draft: true,
};

/** Every row of every table, to prove a refused call changed nothing. */
export async function snapshot(db: Kysely<Database>): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of Object.keys(TABLES) as (keyof Database)[]) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    // Row order is the engine's; sort so two snapshots compare by content.
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

/**
 * A test app with the parties seeded, built before the suite's tests and closed after them; read
 * `suite.ctx` and `suite.parties` inside the tests. `onRoute` sees each route as it registers.
 */
export function seededTestApp(
  onRoute?: Parameters<typeof buildTestApp>[1],
  options?: Parameters<typeof buildTestApp>[2],
) {
  const suite = {} as { ctx: TestContext; parties: Parties };
  beforeAll(async () => {
    suite.ctx = await buildTestApp({}, onRoute, options);
    suite.parties = await seedParties(suite.ctx.db);
    // Every party is a user identity-api knows (the company users' names come from there).
    const { accounts, outsider } = suite.parties;
    for (const account of [...Object.values(accounts), outsider]) {
      suite.ctx.identity.add({ userId: account.userId, role: account.roles[0]! });
    }
  });
  afterAll(async () => {
    await suite.ctx?.close();
  });
  return suite;
}
