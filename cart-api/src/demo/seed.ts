import type { Insertable, Kysely } from 'kysely';
import { calendarDayOf, demoAccount, formatCents, productDay } from 'shared-domain';
import { demoId } from 'service-kit/server';
import type { Database } from '../db/schema.js';
import { COMMISSION_INCLUDED, EPOP_BASE_PRICE_CENTS, EPOP_PRODUCT } from '../db/reference-data.js';
import { RULE_TYPE } from '../domain/partners/rules.js';
import { addActionItems } from '../domain/action-items/add.js';
import { insertDocument, type SavedForm } from '../domain/documents/queries.js';
import { seedDemoSupport } from '../domain/system-messages/app-config.js';
import { demoForm } from './forms.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A stable uuid-shaped id per demo row (service-kit/server, so the journeys find them too). */
export { demoId };

const PARTNERS = [
  { key: 'colonial', name: 'Colonial Life', city: 'Columbia', state: 'SC' },
  { key: 'summit', name: 'Summit Benefits Partners', city: 'Denver', state: 'CO' },
  { key: 'harbor', name: 'Harbor Insurance Group', city: 'Portland', state: 'ME' },
] as const;

const BROKER_CLIENTS = [
  { name: 'Acme Landscaping Inc', city: 'Austin', state: 'TX', partner: 'summit' },
  { name: 'Blue Ridge Dental Group', city: 'Asheville', state: 'NC', partner: null },
  { name: 'Cedar Creek Veterinary', city: 'Boise', state: 'ID', partner: null },
  { name: 'Delta Freight Services', city: 'Memphis', state: 'TN', partner: 'colonial' },
  { name: 'Elm Street Pharmacy', city: 'Springfield', state: 'IL', partner: null },
  { name: 'Fairview Family Clinic', city: 'Madison', state: 'WI', partner: 'harbor' },
  { name: 'Granite State Roofing', city: 'Concord', state: 'NH', partner: null },
  { name: 'Hilltop Auto Repair', city: 'Dayton', state: 'OH', partner: null },
  { name: 'Ironwood Construction LLC', city: 'Tucson', state: 'AZ', partner: 'summit' },
  { name: 'Juniper Café & Bakery', city: 'Santa Fe', state: 'NM', partner: null },
  { name: 'Keystone Accounting', city: 'Harrisburg', state: 'PA', partner: null },
  { name: 'Lakeside Marina', city: 'Duluth', state: 'MN', partner: 'colonial' },
] as const;

/** The benefits contacts of the demo clients. */
const CONTACTS = [
  { first: 'Maria', last: 'Lopez' },
  { first: 'James', last: 'Chen' },
  { first: 'Priya', last: 'Patel' },
  { first: 'Tom', last: 'Becker' },
] as const;

/** An instant's day in New York (the product's calendar). */
const isoDate = (time: number): string => productDay(time);

/**
 * The plan year that starts on the first of the month after `time`, twelve months long. Each demo
 * document's plan year starts after the day it was ordered (`createdAt`), and a cart item's after today,
 * so the demo keeps the rule that a plan is never adopted retroactively (documents/plan-year.ts): the
 * seed writes historic orders directly, and they obeyed it on the day they were placed.
 */
function planYearAfter(time: number): { start: string; end: string } {
  const created = new Date(time);
  const start = Date.UTC(created.getUTCFullYear(), created.getUTCMonth() + 1, 1);
  const end = Date.UTC(created.getUTCFullYear() + 1, created.getUTCMonth() + 1, 0);
  // Midnight UTC of calendar days (not instants).
  return { start: calendarDayOf(new Date(start)), end: calendarDayOf(new Date(end)) };
}

/**
 * Demo data for the demo accounts (never production; `node dist/cli.js seed-demo` refuses there):
 * three strategic partners, twelve clients with a document and an order each for demo.broker (two
 * pages of ten), two documents for demo.employer, a cart item and a saved-for-later item, action
 * items spread over today, yesterday, the past week and older. Dates are relative to `now`.
 * Idempotent: rows have fixed ids and existing ones are left as they are.
 */
export async function seedDemo(db: Kysely<Database>, now: Date = new Date()): Promise<void> {
  const broker = demoAccount('demo.broker');
  const employer = demoAccount('demo.employer');
  const compliance = demoAccount('demo.compliance');
  const admin = demoAccount('demo.admin');
  const at = (daysAgo: number, hours = 0) => now.getTime() - daysAgo * DAY_MS - hours * 60 * 60 * 1000;
  const iso = (time: number) => new Date(time).toISOString();
  const seededAt = iso(at(60));

  await db.transaction().execute(async (trx) => {
    const insertCompany = (row: Insertable<Database['company']>) =>
      trx
        .insertInto('company')
        .values(row)
        .onConflict((oc) => oc.column('company_id').doNothing())
        .execute();

    for (const [index, partner] of PARTNERS.entries()) {
      await insertCompany({
        company_id: demoId(`partner ${partner.key}`),
        kind: 'strategic-partner',
        name: partner.name,
        address_line1: `${100 + index * 10} Commerce Way`,
        address_line2: null,
        city: partner.city,
        state: partner.state,
        zip_code: `2920${index}`,
        phone: `(803) 555-01${10 + index}`,
        federal_tax_id: `57-00000${10 + index}`,
        legal_entity_type: 'Corp',
        state_of_legal_construction: partner.state,
        strategic_partner_id: null,
        broker_user_id: null,
        colonial: partner.key === 'colonial' ? 1 : 0,
        // The partner's referral link: /#/referral/demo-summit (migration 0017).
        referral_id: `demo-${partner.key}`,
        created_at: seededAt,
      });
    }

    // What each partner changes on the order form (issue 9): Colonial labels its account id fields,
    // Summit's documents bypass the cart, Harbor does not sell in three states.
    const partnerId = (key: (typeof PARTNERS)[number]['key']) => demoId(`partner ${key}`);
    for (const [key, type, settings] of [
      ['summit', RULE_TYPE.bypassShoppingCart, { bypass: true }],
      ['harbor', RULE_TYPE.excludeStates, { states: ['CA', 'NY', 'WA'] }],
    ] as const) {
      await trx
        .insertInto('partner_rule')
        .values({
          rule_id: demoId(`partner rule ${key} ${type}`),
          company_id: partnerId(key),
          rule_type_id: type,
          product_id: EPOP_PRODUCT.product_id,
          settings: JSON.stringify(settings),
          created_at: seededAt,
        })
        .onConflict((oc) => oc.column('rule_id').doNothing())
        .execute();
    }
    // Partner benefits go to the accounts entitled to a partner (partners/entitlement.ts): compliance
    // made demo.broker one of the three partners' users, so the partner forms open for him;
    // demo.employer is none of theirs, and /document/new/{partner} opens the standard form for him.
    for (const partner of PARTNERS) {
      await trx
        .insertInto('company_user')
        .values({ company_id: partnerId(partner.key), user_id: broker.userId, created_at: seededAt })
        .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
        .execute();
    }
    for (const [internalName, label, helpText] of [
      ['account-id', 'Colonial Account Number', 'The account number on the Colonial bill, such as E480000'],
      ['account-id-suffix', 'Account Suffix', 'The three digits after the account number, such as 001'],
    ] as const) {
      await trx
        .insertInto('partner_label')
        .values({
          company_id: partnerId('colonial'),
          internal_name: internalName,
          label,
          help_text: helpText,
          visible: 1,
        })
        .onConflict((oc) => oc.columns(['company_id', 'internal_name']).doNothing())
        .execute();
    }

    // A test BCN (issue 12): return-file rows with it change nothing.
    await trx
      .insertInto('colonial_test_bcn')
      .values({ bcn: 'TEST-0001', added_by: 'demo.compliance', added_at: seededAt })
      .onConflict((oc) => oc.column('bcn').doNothing())
      .execute();

    // The promo codes of issue 10: one of each kind, and one that has expired.
    const inAYear = isoDate(now.getTime() + 365 * DAY_MS);
    for (const code of [
      {
        code: 'SAVE10',
        percentage: 10,
        amount_cents: null,
        max_amount_cents: null,
        type: 'Total',
        product: false,
      },
      {
        code: 'POP50',
        percentage: null,
        amount_cents: 5_000,
        max_amount_cents: null,
        type: 'Product',
        product: true,
      },
      {
        code: 'FREEPOP',
        percentage: 100,
        amount_cents: null,
        max_amount_cents: null,
        type: 'Total',
        product: false,
      },
      {
        code: 'EXPIRED25',
        percentage: 25,
        amount_cents: null,
        max_amount_cents: 10_000,
        type: 'Total',
        product: false,
        expired: true,
      },
    ] as const) {
      const expired = 'expired' in code;
      await trx
        .insertInto('discount')
        .values({
          discount_id: demoId(`discount ${code.code}`),
          code: code.code,
          code_key: code.code.toLowerCase(),
          percentage: code.percentage,
          amount_cents: code.amount_cents,
          max_amount_cents: code.max_amount_cents,
          start_date: expired ? isoDate(at(120)) : isoDate(at(30)),
          end_date: expired ? isoDate(at(30)) : inAYear,
          product_id: code.product ? EPOP_PRODUCT.product_id : null,
          type: code.type,
          created_at: seededAt,
        })
        .onConflict((oc) => oc.column('discount_id').doNothing())
        .execute();
    }

    const documents: Array<{
      key: string;
      owner: typeof broker;
      clientId: string;
      clientName: string;
      client: Insertable<Database['company']>;
      partnerId: string | null;
      createdAt: number;
      brokerName: string | null;
    }> = [];

    for (const [index, client] of BROKER_CLIENTS.entries()) {
      const clientId = demoId(`client ${client.name}`);
      const partnerId = client.partner ? demoId(`partner ${client.partner}`) : null;
      const clientRow: Insertable<Database['company']> = {
        company_id: clientId,
        kind: 'client',
        name: client.name,
        address_line1: `${200 + index * 7} Main Street`,
        address_line2: null,
        city: client.city,
        state: client.state,
        zip_code: `${10000 + index * 4111}`.slice(0, 5),
        phone: `(555) 555-02${10 + index}`,
        federal_tax_id: `12-34567${10 + index}`,
        legal_entity_type: index % 2 === 0 ? 'LLC' : 'Corp',
        state_of_legal_construction: client.state,
        strategic_partner_id: partnerId,
        broker_user_id: broker.userId,
        // The client's account id at its partner (Colonial's as on its documents' forms).
        strategic_partner_account_id: !client.partner
          ? null
          : client.partner === 'colonial'
            ? `E${String(480000 + index * 37).padStart(6, '0')}`
            : `${client.partner.toUpperCase()}-${1001 + index}`,
        // Colonial's billing number (issue 12): Delta's is known; Lakeside's comes with its first
        // return file (matched by its account id, cart-api/samples/colonial-return-file.xlsx).
        bcn: client.name === 'Delta Freight Services' ? 'BCN-480111' : null,
        created_at: seededAt,
      };
      await insertCompany(clientRow);
      documents.push({
        key: `broker document ${index}`,
        owner: broker,
        clientId,
        clientName: client.name,
        client: clientRow,
        partnerId,
        // The oldest was ordered eleven months ago: its plan year ends soon, so it is ready for renewal.
        createdAt: index === BROKER_CLIENTS.length - 1 ? at(330, 2) : at(index * 9 + 1, 2),
        brokerName: `${broker.firstName} ${broker.lastName}`,
      });
    }

    const employerClientId = demoId('client employer');
    const employerClient: Insertable<Database['company']> = {
      company_id: employerClientId,
      kind: 'client',
      name: employer.companyName,
      address_line1: '12 Orchard Lane',
      address_line2: null,
      city: 'Burlington',
      state: 'VT',
      zip_code: '05401',
      phone: '(802) 555-0199',
      federal_tax_id: '98-7654321',
      legal_entity_type: 'LLC',
      state_of_legal_construction: 'VT',
      strategic_partner_id: null,
      broker_user_id: null,
      created_at: seededAt,
    };
    await insertCompany(employerClient);
    // demo.employer belongs to their company: the ownership policies let them act on its records.
    await trx
      .insertInto('company_user')
      .values({ company_id: employerClientId, user_id: employer.userId, created_at: seededAt })
      .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
      .execute();
    // …and to Keystone Accounting, a client of demo.broker's (as when they pay for a broker's invitation):
    // My POP Documents lists that company's document, which demo.broker owns, for them too.
    await trx
      .insertInto('company_user')
      .values({
        company_id: demoId('client Keystone Accounting'),
        user_id: employer.userId,
        created_at: seededAt,
      })
      .onConflict((oc) => oc.columns(['company_id', 'user_id']).doNothing())
      .execute();
    for (const [index, daysAgo] of [3, 370].entries()) {
      documents.push({
        key: `employer document ${index}`,
        owner: employer,
        clientId: employerClientId,
        clientName: employer.companyName,
        client: employerClient,
        partnerId: null,
        createdAt: at(daysAgo, 1),
        brokerName: null,
      });
    }

    for (const [index, document] of documents.entries()) {
      const documentId = demoId(document.key);
      const planYear = planYearAfter(document.createdAt);
      // Two of the broker's orders were free (a 100% promo code): no payment, no transaction id.
      const free = index === 4 || index === 9;
      const paid = !free;
      // Paid by its order (below); the form names the plan year and the client, who exists.
      await insertDocument(trx, {
        documentId,
        ifAbsent: true,
        ownerUserId: document.owner.userId,
        createdBy: null,
        createdAt: iso(document.createdAt),
        form: demoForm({
          client: document.client,
          planYear,
          index,
          colonial: document.partnerId === demoId('partner colonial'),
          contact: CONTACTS[index % CONTACTS.length]!,
        }) as SavedForm,
        clientId: document.clientId,
        strategicPartnerId: document.partnerId,
        kind: 'bought',
      });

      const orderId = demoId(`order ${document.key}`);
      const orderNumber = String(100001 + index);
      // A broker's price includes the commission (+$75.00); an employer pays the base price.
      const priceCents = document.brokerName
        ? EPOP_BASE_PRICE_CENTS + COMMISSION_INCLUDED.price_adjustment_cents
        : EPOP_BASE_PRICE_CENTS;
      const totalCents = free ? 0 : priceCents;
      const orderedAt = iso(document.createdAt + 5 * 60 * 1000);
      const transactionId = paid ? `TXN${String(40000000 + index * 7919)}` : null;
      await trx
        .insertInto('orders')
        .values({
          order_id: orderId,
          order_number: orderNumber,
          user_id: document.owner.userId,
          ordered_by: `${document.owner.firstName} ${document.owner.lastName}`,
          ordered_by_email: document.owner.email,
          transaction_id: transactionId,
          payment_method: paid ? (index % 2 === 0 ? 'card' : 'ach') : null,
          payment_brand: paid ? (index % 2 === 0 ? 'Visa' : 'Checking') : null,
          payment_last4: paid ? (index % 2 === 0 ? '1111' : '6789') : null,
          subtotal_cents: priceCents,
          discount_cents: priceCents - totalCents,
          total_cents: totalCents,
          // The newest orders are still waiting for compliance to review them.
          is_new: document.createdAt > at(20) ? 1 : 0,
          paid_at: orderedAt,
          receipt: paid
            ? `<h2>Receipt</h2><p>Order ${orderNumber}</p><p>${EPOP_PRODUCT.name} for ${document.clientName}: ${formatCents(totalCents)}</p>` +
              `<p>Transaction ${transactionId}</p>`
            : null,
          created_at: orderedAt,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
      await trx
        .insertInto('order_item')
        .values({
          order_item_id: demoId(`order item ${document.key}`),
          order_id: orderId,
          product_id: EPOP_PRODUCT.product_id,
          product_type: EPOP_PRODUCT.name,
          display_text: `${EPOP_PRODUCT.name} - ${document.clientName}`,
          document_id: documentId,
          client_company_id: document.clientId,
          broker_name: document.brokerName,
          unit_price_cents: priceCents,
          discount_cents: priceCents - totalCents,
          price_cents: totalCents,
          returned: 0,
        })
        .onConflict((oc) => oc.column('order_item_id').doNothing())
        .execute();
    }

    // New orders are numbered after the demo's.
    const lastNumber = 100000 + documents.length;
    await trx
      .updateTable('counter')
      .set({ value: lastNumber })
      .where('name', '=', 'order-number')
      .where('value', '<', lastNumber)
      .execute();

    // The documents the invite and unpaid items ask to buy: Unpaid, of two more clients of demo.broker
    // (an item to buy a Paid document would be closed: README "Action items close with their purpose").
    const unpaidDocuments = [
      { key: 'invited document', name: 'Orchard Hill Bakery', city: 'Burlington', state: 'VT', index: 30 },
      { key: 'unpaid document', name: 'Riverbend Chiropractic', city: 'Richmond', state: 'VA', index: 33 },
    ] as const;
    for (const unpaid of unpaidDocuments) {
      const client: Insertable<Database['company']> = {
        company_id: demoId(`client ${unpaid.name}`),
        kind: 'client',
        name: unpaid.name,
        address_line1: `${unpaid.index} River Road`,
        address_line2: null,
        city: unpaid.city,
        state: unpaid.state,
        zip_code: unpaid.state === 'VT' ? '05401' : '23219',
        phone: `(555) 555-03${unpaid.index}`,
        federal_tax_id: `12-76543${unpaid.index}`,
        legal_entity_type: 'LLC',
        state_of_legal_construction: unpaid.state,
        strategic_partner_id: null,
        broker_user_id: broker.userId,
        created_at: seededAt,
      };
      await insertCompany(client);
      await insertDocument(trx, {
        documentId: demoId(unpaid.key),
        ifAbsent: true,
        ownerUserId: broker.userId,
        createdBy: broker.userId,
        createdAt: iso(at(1, 2)),
        form: demoForm({
          client,
          planYear: planYearAfter(now.getTime()),
          index: unpaid.index,
          colonial: false,
          contact: CONTACTS[unpaid.index % CONTACTS.length]!,
        }) as SavedForm,
        clientId: client.company_id,
        strategicPartnerId: null,
        kind: 'unpaid',
      });
    }

    const actionItems = [
      {
        key: 'invite',
        type: 'pop-document-invite',
        time: at(0, 0),
        clientName: unpaidDocuments[0].name,
        documentId: demoId(unpaidDocuments[0].key),
        by: employer.username,
      },
      {
        key: 'unpaid',
        type: 'unpaid-pop-action-item',
        time: at(1, 0),
        clientName: unpaidDocuments[1].name,
        documentId: demoId(unpaidDocuments[1].key),
        by: broker.username,
      },
      {
        key: 'renewal',
        type: 'pop-document-renewal',
        time: at(3),
        clientName: BROKER_CLIENTS[2].name,
        documentId: demoId('broker document 2'),
        by: 'system',
      },
      {
        key: 'ndt',
        type: 'pop-document-ndt',
        time: at(30),
        clientName: BROKER_CLIENTS[3].name,
        documentId: demoId('broker document 3'),
        by: 'system',
      },
    ] as const;
    for (const item of actionItems) {
      const { clientName } = item;
      const description =
        item.type === 'pop-document-invite'
          ? JSON.stringify({
              broker: `${clientName} invited you to review their POP document`,
              default: `You have been invited to review the POP document for ${clientName}`,
            })
          : {
              'unpaid-pop-action-item': `The POP document for ${clientName} is waiting for payment`,
              'pop-document-renewal': `The POP document for ${clientName} is ready for renewal`,
              'pop-document-ndt': `Non-discrimination testing is due for ${clientName}`,
            }[item.type];
      await addActionItems(
        trx,
        [
          {
            actionItemId: demoId(`action item ${item.key}`),
            userId: broker.userId,
            itemType: item.type,
            description,
            data: { kind: 'demo', documentId: item.documentId },
            createdBy: item.by,
            createdAt: iso(item.time),
          },
        ],
        { ifAbsent: true },
      );
    }

    for (const [key, savedForLater, clientName] of [
      ['in cart', 0, 'Meadowbrook Florist'],
      ['saved for later', 1, 'Northgate Plumbing Co'],
    ] as const) {
      await trx
        .insertInto('cart_item')
        .values({
          cart_item_id: demoId(`cart item ${key}`),
          user_id: broker.userId,
          product_id: EPOP_PRODUCT.product_id,
          document_id: null,
          action_item_id: null,
          strategic_partner_id: null,
          display_text: `${EPOP_PRODUCT.name} - ${clientName}`,
          base_price_cents: EPOP_BASE_PRICE_CENTS,
          price_adjustment_cents: COMMISSION_INCLUDED.price_adjustment_cents,
          discount_cents: 0,
          attributes: JSON.stringify([COMMISSION_INCLUDED.attribute_value_id]),
          json: JSON.stringify(
            demoForm({
              client: {
                company_id: demoId(`cart client ${key}`),
                kind: 'client',
                name: clientName,
                address_line1: `${40 + savedForLater * 9} Garden Row`,
                city: 'Lexington',
                state: 'KY',
                zip_code: '40507',
                phone: `(859) 555-014${savedForLater}`,
                federal_tax_id: `61-240000${savedForLater}`,
                legal_entity_type: 'Sole Prop',
                state_of_legal_construction: 'KY',
                created_at: seededAt,
              },
              planYear: planYearAfter(now.getTime()),
              index: 20 + savedForLater,
              colonial: false,
              contact: CONTACTS[savedForLater]!,
            }),
          ),
          saved_for_later: savedForLater,
          created_at: iso(at(2)),
        })
        .onConflict((oc) => oc.column('cart_item_id').doNothing())
        .execute();
    }

    for (const user of [compliance, admin]) {
      for (const [index, client] of BROKER_CLIENTS.slice(0, 3).entries()) {
        await trx
          .insertInto('client_view')
          .values({
            user_id: user.userId,
            company_id: demoId(`client ${client.name}`),
            viewed_at: iso(at(index)),
          })
          .onConflict((oc) => oc.columns(['user_id', 'company_id']).doNothing())
          .execute();
      }
    }
  });
  // The support line and address the error window and Contact Us show: marked examples (README).
  await seedDemoSupport(db);
}
