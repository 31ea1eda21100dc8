import { randomUUID } from 'node:crypto';

// The large data set of api-latency: clients, documents, orders and order items spread over many
// brokers, written through cart-api's own Kysely schema (the tables of cart-api/src/db/schema.ts,
// created by its migrations). Names come from a seeded generator, so runs compare.

const DAY_MS = 24 * 60 * 60 * 1000;
const PRICE_CENTS = 30_000;
const BATCH = 500; // rows per INSERT: well under SQLite's bound-parameter limit

const FIRST = [
  'Acme',
  'Blue Ridge',
  'Cedar',
  'Delta',
  'Elm',
  'Fairview',
  'Granite',
  'Harbor',
  'Iron',
  'Juniper',
];
const SECOND = [
  'Dental',
  'Freight',
  'Pharmacy',
  'Roofing',
  'Marina',
  'Bakery',
  'Clinic',
  'Auto',
  'Farms',
  'Labs',
];
const SUFFIX = ['LLC', 'Inc', 'Group', 'Co', 'Partners'];
const STATES = ['TX', 'NC', 'ID', 'TN', 'IL', 'WI', 'NH', 'OH', 'AZ', 'NM', 'PA', 'MN', 'SC', 'CO', 'ME'];

/** mulberry32: a small seeded generator, enough for spreading test data. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function insertAll(trx, table, rows) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute();
  }
}

/**
 * Adds `documents` documents (each with its client company, one paid order and its order item),
 * `manyFor.count` of them owned by `manyFor.userId`, the rest spread evenly over `brokers` generated
 * brokers. Order numbers start at 200001, after the demo ones. Dates spread over the last three years.
 */
export async function seedScale(
  db,
  { productId, documents = 20_000, brokers = 200, manyFor, now = new Date() },
) {
  const random = generator(125);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const iso = (time) => new Date(time).toISOString();

  const partners = Array.from({ length: 20 }, (_, i) => ({
    company_id: randomUUID(),
    kind: 'strategic-partner',
    name: `Bench Partner ${String(i + 1).padStart(2, '0')}`,
    address_line1: `${i + 1} Partner Plaza`,
    address_line2: null,
    city: 'Columbia',
    state: pick(STATES),
    zip_code: '29201',
    phone: '(803) 555-0100',
    federal_tax_id: `57-${String(1_000_000 + i).slice(1)}`,
    legal_entity_type: 'Corp',
    state_of_legal_construction: 'SC',
    strategic_partner_id: null,
    broker_user_id: null,
    created_at: iso(now.getTime() - 1200 * DAY_MS),
  }));
  const brokerList = Array.from({ length: brokers }, (_, i) => ({
    userId: randomUUID(),
    name: `Bench Broker ${i + 1}`,
    email: `bench.broker${i + 1}@example.com`,
  }));

  const companies = [];
  const docs = [];
  const orders = [];
  const items = [];
  for (let i = 0; i < documents; i++) {
    const owner = i < manyFor.count ? manyFor : brokerList[(i - manyFor.count) % brokerList.length];
    const createdAt = now.getTime() - Math.floor(random() * 3 * 365 * DAY_MS);
    const orderedAt = createdAt + 5 * 60 * 1000;
    const name = `${pick(FIRST)} ${pick(SECOND)} ${i + 1} ${pick(SUFFIX)}`;
    const state = pick(STATES);
    const partner = random() < 0.25 ? pick(partners).company_id : null;
    const companyId = randomUUID();
    const documentId = randomUUID();
    const orderId = randomUUID();
    const start = new Date(createdAt);
    const planStart = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const planEnd = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth() + 1, 0));
    const orderNumber = String(200_001 + i);
    const transactionId = `TXN${String(50_000_000 + i * 37)}`;
    companies.push({
      company_id: companyId,
      kind: 'client',
      name,
      address_line1: `${(i % 900) + 100} Main Street`,
      address_line2: null,
      city: 'Springfield',
      state,
      zip_code: String(10_000 + (i % 89_999)),
      phone: '(555) 555-0200',
      federal_tax_id: `12-${String(1_000_000 + (i % 9_000_000)).slice(1)}`,
      legal_entity_type: i % 2 === 0 ? 'LLC' : 'Corp',
      state_of_legal_construction: state,
      strategic_partner_id: partner,
      broker_user_id: owner.userId,
      created_at: iso(createdAt),
    });
    docs.push({
      document_id: documentId,
      product_id: productId,
      owner_user_id: owner.userId,
      client_company_id: companyId,
      strategic_partner_id: partner,
      name: 'POP Document',
      plan_year_start: planStart.toISOString().slice(0, 10),
      plan_year_end: planEnd.toISOString().slice(0, 10),
      status: 'Paid',
      json: JSON.stringify({ clientCompanyName: name }),
      // A few documents were deactivated: the list must skip them.
      active: i % 20 === 19 ? 0 : 1,
      created_at: iso(createdAt),
    });
    orders.push({
      order_id: orderId,
      order_number: orderNumber,
      user_id: owner.userId,
      ordered_by: owner.name,
      ordered_by_email: owner.email,
      transaction_id: transactionId,
      payment_method: i % 2 === 0 ? 'card' : 'ach',
      total_cents: PRICE_CENTS,
      is_new: now.getTime() - createdAt < 20 * DAY_MS ? 1 : 0,
      paid_at: iso(orderedAt),
      receipt: `<h2>Receipt</h2><p>Order ${orderNumber}</p><p>POP Document for ${name}: $300.00</p><p>Transaction ${transactionId}</p>`,
      created_at: iso(orderedAt),
    });
    items.push({
      order_item_id: randomUUID(),
      order_id: orderId,
      product_id: productId,
      product_type: 'POP Document',
      display_text: `POP Document - ${name}`,
      document_id: documentId,
      client_company_id: companyId,
      broker_name: owner.name,
      price_cents: PRICE_CENTS,
      returned: 0,
    });
  }

  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'company', partners);
    await insertAll(trx, 'company', companies);
    await insertAll(trx, 'epop_document', docs);
    await insertAll(trx, 'orders', orders);
    await insertAll(trx, 'order_item', items);
  });
  return { documents: docs.length, orders: orders.length, companies: companies.length + partners.length };
}
