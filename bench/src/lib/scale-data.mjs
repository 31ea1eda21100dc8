import { randomUUID } from 'node:crypto';
import { calendarDayOf } from 'shared-domain';

// The large data sets of api-latency, document-latency and checkout-latency: clients, documents,
// orders, order items and action items spread over many brokers, written through cart-api's own Kysely
// schema (the tables of cart-api/src/db/schema.ts, created by its migrations), on SQLite or PostgreSQL.
// Names come from a seeded generator, so runs compare.

const DAY_MS = 24 * 60 * 60 * 1000;
const PRICE_CENTS = 30_000;
const BATCH = 500; // rows per INSERT: well under SQLite's (32,766) and PostgreSQL's (65,535) parameter limits

// api-latency's names: 'Harbor Dental 17 LLC' (10 × 10 words, so one word matches a tenth of them).
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

/** api-latency's client names: `i` makes each one unique. */
export const numberedName = (pick, i) => `${pick(FIRST)} ${pick(SECOND)} ${i + 1} ${pick(SUFFIX)}`;

// Small-business names as a client list has them: a place or family name, a trade, a legal form.
// 100 leading words × 64 trades, so a trade word ('dental') matches a few hundred of 20,000 clients,
// a leading word ('harbor') about 1%, a family name pair fewer, and names repeat as real ones do.
const LEADING = (
  'Acme, Allen, Anderson, Atlas, Bailey, Baker, Bayside, Beacon, Bell, Birch, Blue Ridge, ' +
  'Brooks, Brown, Cardinal, Carter, Cascade, Cedar, Central, Clark, Coastal, Collins, ' +
  'Cooper, Crescent, Davis, Delta, Eagle, Elm Street, Evans, Evergreen, Fairview, ' +
  'First Choice, Foster, Franklin, Garcia, Gateway, Golden, Granite, Green Valley, Hall, ' +
  'Harbor, Harris, Heritage, Highland, Hilltop, Horizon, Hudson, Ironwood, Jackson, ' +
  'Johnson, Juniper, Keystone, King, Lakeside, Lee, Liberty, Lincoln, Maple, Martin, ' +
  'Meadowbrook, Metro, Miller, Mitchell, Moore, Mountain View, Nelson, North Star, ' +
  'Oak Hill, Pacific, Parker, Patriot, Peak, Pine Grove, Pinnacle, Pioneer, Prairie, ' +
  'Premier, Red Rock, Reed, Ridgeline, Riverside, Roberts, Rock Creek, Sierra, ' +
  'Silver Lake, Smith, Summit, Sunrise, Taylor, Thompson, Tri-County, Turner, Union, ' +
  'United, Valley, Walker, Washington, West End, White Oak, Williams, Wilson'
).split(', ');
const TRADES = (
  'Dental, Dental Care, Pediatrics, Family Medicine, Chiropractic, Physical Therapy, ' +
  'Veterinary Clinic, Pharmacy, Auto Repair, Auto Body, Collision Center, Plumbing, ' +
  'Heating & Air, Electric, Roofing, Construction, Builders, Landscaping, Lawn Care, ' +
  'Pest Control, Cleaning Services, Restaurant, Bakery, Café, Pizza, Grill, Catering, ' +
  'Brewing, Insurance Agency, Realty, Title, Accounting, Tax Services, Law Office, ' +
  'Consulting, Staffing, Logistics, Freight, Trucking, Marina, Farms, Dairy, Nursery, ' +
  'Hardware, Printing, Signs, Marketing, Fitness, Salon, Day Spa, Florist, Daycare, ' +
  'Academy, Home Health, Senior Living, Funeral Home, Self Storage, Manufacturing, ' +
  'Machine Works, Fabrication, Tire & Lube, Car Wash, Inn, Travel'
).split(', ');
const QUALIFIERS = ['Family', 'Community', 'Regional', 'Professional', 'Advanced', 'Quality'];
const LEGAL_FORMS = ['LLC', 'LLC', 'LLC', 'Inc', 'Inc.', 'Co.', 'Group', 'PLLC', 'Corp', 'LLP', '', ''];

/** A realistic client name: 'Harbor Family Dental PLLC', 'Miller & Parker Roofing LLC', 'Summit Pharmacy'. */
export function businessName(pick, _i, random) {
  const form = pick(LEGAL_FORMS);
  const roll = random();
  const words =
    roll < 0.15
      ? [`${pick(LEADING)} & ${pick(LEADING)}`, pick(TRADES)]
      : roll < 0.4
        ? [pick(LEADING), pick(QUALIFIERS), pick(TRADES)]
        : [pick(LEADING), pick(TRADES)];
  return [...words, form].filter(Boolean).join(' ');
}

/** mulberry32: a small seeded generator, enough for spreading test data. */
export function generator(seed) {
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
 * Adds `clients` client companies and `documents` documents spread over them (each document with one
 * paid order and its order item). `manyFor.count` documents are owned by `manyFor.userId`, over
 * `clients × manyFor.count / documents` clients of theirs; the rest, and their clients, are spread
 * evenly over `brokers` generated brokers (a document's owner is its client's broker). `clients`
 * defaults to one client per document. Order numbers start at 200001, after the demo ones. Dates
 * spread over the last three years; 5% of the documents are inactive; a quarter of the clients came
 * through one of 20 strategic partners. `clientName(pick, i, random)` names the clients (default
 * numberedName); `between()` runs between the two transactions the rows are written in (below).
 */
export async function seedScale(
  db,
  {
    productId,
    documents = 20_000,
    clients = documents,
    brokers = 200,
    manyFor,
    clientName = numberedName,
    between = async () => {},
    now = new Date(),
  },
) {
  const ownClients = clients === documents ? manyFor.count : Math.ceil((clients * manyFor.count) / documents);
  if (!(clients <= documents && ownClients < clients && brokers > 0)) {
    throw new Error(`cannot spread ${documents} documents over ${clients} clients and ${brokers} brokers`);
  }
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

  // Every client gets at least one document (clients ≤ documents, handed out in turn).
  const companies = Array.from({ length: clients }, (_, c) => {
    const owner = c < ownClients ? manyFor : brokerList[(c - ownClients) % brokerList.length];
    const state = pick(STATES);
    return {
      owner,
      row: {
        company_id: randomUUID(),
        kind: 'client',
        name: clientName(pick, c, random),
        address_line1: `${(c % 900) + 100} Main Street`,
        address_line2: null,
        city: 'Springfield',
        state,
        zip_code: String(10_000 + (c % 89_999)),
        phone: '(555) 555-0200',
        federal_tax_id: `12-${String(1_000_000 + (c % 9_000_000)).slice(1)}`,
        legal_entity_type: c % 2 === 0 ? 'LLC' : 'Corp',
        state_of_legal_construction: state,
        strategic_partner_id: random() < 0.25 ? pick(partners).company_id : null,
        broker_user_id: owner.userId,
        // Set below: the client's first document.
        created_at: null,
      },
    };
  });

  const docs = [];
  const orders = [];
  const items = [];
  for (let i = 0; i < documents; i++) {
    // manyFor's documents go round their clients, the others round the other clients.
    const client =
      companies[
        i < manyFor.count ? i % ownClients : ownClients + ((i - manyFor.count) % (clients - ownClients))
      ];
    const { owner, row: company } = client;
    const name = company.name;
    const partner = company.strategic_partner_id;
    const createdAt = now.getTime() - Math.floor(random() * 3 * 365 * DAY_MS);
    if (company.created_at === null || iso(createdAt) < company.created_at)
      company.created_at = iso(createdAt);
    const orderedAt = createdAt + 5 * 60 * 1000;
    const documentId = randomUUID();
    const orderId = randomUUID();
    const start = new Date(createdAt);
    const planStart = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const planEnd = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth() + 1, 0));
    const orderNumber = String(200_001 + i);
    const transactionId = `TXN${String(50_000_000 + i * 37)}`;
    docs.push({
      document_id: documentId,
      product_id: productId,
      owner_user_id: owner.userId,
      client_company_id: company.company_id,
      strategic_partner_id: partner,
      name: 'POP Document',
      plan_year_start: calendarDayOf(planStart),
      plan_year_end: calendarDayOf(planEnd),
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
      client_company_id: company.company_id,
      broker_name: owner.name,
      price_cents: PRICE_CENTS,
      returned: 0,
    });
  }
  // Two transactions. On PostgreSQL cart-api's order search-text triggers (migration 0003) keep, as the
  // timings show, the plans made at their first call for the rest of the transaction; made while `orders`
  // and `order_item` are empty, they scan those tables for every row, which made one transaction of
  // 100,000 orders take 6 minutes. So the first
  // transaction writes the companies, the documents and the first orders, `between()` lets the caller
  // gather statistics (PostgreSQL: ANALYZE), and the second one writes the rest of the orders.
  const PRIMER = Math.min(orders.length, 1_000);
  const times = {};
  const write = (plan) =>
    db.transaction().execute(async (trx) => {
      for (const [table, rows] of plan) {
        const started = Date.now();
        await insertAll(trx, table, rows);
        times[table] = (times[table] ?? 0) + (Date.now() - started);
      }
    });
  await write([
    ['company', [...partners, ...companies.map((c) => c.row)]],
    ['epop_document', docs],
    ['orders', orders.slice(0, PRIMER)],
    ['order_item', items.slice(0, PRIMER)],
  ]);
  await between();
  await write([
    ['orders', orders.slice(PRIMER)],
    ['order_item', items.slice(PRIMER)],
  ]);
  if (process.env.BENCH_SEED_TIMES === '1') console.log('seed ms per table', times);
  return {
    documents: docs.length,
    orders: orders.length,
    clients: companies.length,
    ownClients,
    /** The names of manyFor's clients, in the order they were made. */
    ownClientNames: companies.slice(0, ownClients).map((c) => c.row.name),
    companies: companies.length + partners.length,
  };
}

// What brokers' to-do lists hold over the years: mostly the yearly renewals and non-discrimination
// tests the system raises, fewer invitations and unpaid documents; most of them done long ago.
const ACTION_ITEM_TYPES = [
  ['pop-document-renewal', 0.4],
  ['pop-document-ndt', 0.4],
  ['unpaid-pop-action-item', 0.1],
  ['pop-document-invite', 0.1],
];

/**
 * Adds `count` action items about existing documents (each its document's owner's, `{DocumentId}` in
 * its json, as cart-api writes them), of the types above, 80% of them completed, dated after their
 * document. Returns how many are open per type.
 */
export async function seedActionItems(db, { count, now = new Date() }) {
  const random = generator(126);
  const iso = (time) => new Date(time).toISOString();
  const documents = await db
    .selectFrom('epop_document')
    .select(['document_id', 'owner_user_id', 'created_at'])
    .orderBy('document_id')
    .execute();
  if (documents.length === 0) throw new Error('no documents to raise action items about');
  const open = {};
  const rows = Array.from({ length: count }, () => {
    const document = documents[Math.floor(random() * documents.length)];
    let roll = random();
    const [type] = ACTION_ITEM_TYPES.find(([, share]) => (roll -= share) < 0) ?? ACTION_ITEM_TYPES[0];
    const from = new Date(document.created_at).getTime();
    const createdAt = from + Math.floor(random() * Math.max(1, now.getTime() - from));
    const completed = random() < 0.8;
    if (!completed) open[type] = (open[type] ?? 0) + 1;
    return {
      action_item_id: randomUUID(),
      user_id: document.owner_user_id,
      item_type: type,
      description: `Bench ${type} about ${document.document_id}`,
      json: JSON.stringify({ DocumentId: document.document_id }),
      created_by: 'system',
      created_at: iso(createdAt),
      completed: completed ? 1 : 0,
      completed_at: completed ? iso(Math.min(now.getTime(), createdAt + 7 * DAY_MS)) : null,
    };
  });
  await db.transaction().execute((trx) => insertAll(trx, 'action_item', rows));
  return open;
}
