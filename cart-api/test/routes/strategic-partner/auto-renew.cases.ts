import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { buildApp } from '../../../src/app.js';
import { loadConfig } from '../../../src/config.js';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { RULE_TYPE } from '../../../src/domain/partners/rules.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { cardPayment } from '../../helpers/payments.js';
import { companyRow, documentRow, partnerRuleRow } from '../../helpers/rows.js';

/** The clock of these tests: March 2nd, 2027 in New York. */
const NOW = new Date('2027-03-02T15:00:00Z');
let clock = NOW;

/**
 * A partner's auto-renew rule (specs/3-admin.md §3 rule type 1; issue 12): the daily scan renews a
 * Paid document of the partner `daysPrior` days before its plan year ends — the next plan year's
 * document, Unpaid, invoiced to the client (an action item to pay it through the cart, an e-mail),
 * with a change-log row — once per document and plan year, across runs and instances.
 */
describe("a partner's auto-renew rule", () => {
  const suite = seededTestApp(undefined, { now: () => clock });
  const db = () => suite.ctx.db;

  const scan = async () => {
    await suite.ctx.app.jobs.enqueueReminderScan();
    return suite.ctx.app.jobs.runner.runDue();
  };

  async function partnerWith(settings: object | null, productId: string | null = EPOP_PRODUCT.product_id) {
    const partner = companyRow(`Renewing Partner ${randomUUID().slice(0, 6)}`, { kind: 'strategic-partner' });
    await db().insertInto('company').values(partner).execute();
    if (settings) {
      await db()
        .insertInto('partner_rule')
        .values(
          partnerRuleRow(partner.company_id, RULE_TYPE.autoRenew, settings, { productId, createdAt: NOW }),
        )
        .execute();
    }
    return partner.company_id;
  }

  /** A broker known to identity-api, with a client of the partner and its document ending `end`. */
  async function documentOf(partnerId: string, end: string, overrides: Record<string, unknown> = {}) {
    const broker: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({
      userId: broker.userId,
      role: 'broker',
      email: `${broker.userId.slice(0, 8)}@b.test`,
    });
    const client = { ...companyRow(`Renewed ${randomUUID().slice(0, 6)}`, { brokerUserId: broker.userId }) };
    client.strategic_partner_id = partnerId;
    await db().insertInto('company').values(client).execute();
    const form = documentForm({
      clientCompanyName: client.name,
      primaryEmail: 'owner@renewed.test',
      benefitContactEmail: 'hr@renewed.test',
      currentPlanYearStartDate: '2026-03-08',
      currentPlanYearEndDate: end,
    });
    const row = documentRow(broker.userId, client.company_id, {
      strategic_partner_id: partnerId,
      json: JSON.stringify(form),
      plan_year_start: '2026-03-08',
      plan_year_end: end,
      ...overrides,
    });
    await db().insertInto('epop_document').values(row).execute();
    return { broker, documentId: row.document_id, clientId: client.company_id, company: client.name };
  }

  const renewalOf = (documentId: string) =>
    db()
      .selectFrom('epop_document')
      .selectAll()
      .where('original_document_id', '=', documentId)
      .where('active', '=', 1)
      .executeTakeFirst();

  it('renews a due document Unpaid with its invoice and change log, and pays it through the cart', async () => {
    const partnerId = await partnerWith({ daysPrior: 5 });
    const due = await documentOf(partnerId, '2027-03-07');
    const notYet = await documentOf(partnerId, '2027-03-08');
    const unpaid = await documentOf(partnerId, '2027-03-05', { status: 'Unpaid' });
    const other = await documentOf(await partnerWith(null), '2027-03-05');

    await scan();
    const renewal = await renewalOf(due.documentId);
    expect(renewal).toMatchObject({
      status: 'Unpaid',
      active: 1,
      strategic_partner_id: partnerId,
      owner_user_id: due.broker.userId,
      client_company_id: due.clientId,
      plan_year_start: '2027-03-08',
      plan_year_end: '2028-03-07',
      created_at: NOW.toISOString(),
    });
    expect(JSON.parse(renewal!.json)).toMatchObject({
      clientCompanyName: due.company,
      currentPlanYearStartDate: '2027-03-08',
      currentPlanYearEndDate: '2028-03-07',
      originalDocumentId: due.documentId,
    });
    for (const skipped of [notYet, unpaid, other])
      expect(await renewalOf(skipped.documentId)).toBeUndefined();

    // The invoice: the owner's action item to pay it, and an e-mail to the document's addresses.
    const items = await db()
      .selectFrom('action_item')
      .select(['action_item_id', 'user_id', 'item_type', 'completed', 'description'])
      .where('json', 'like', `%${renewal!.document_id}%`)
      .execute();
    expect(items).toEqual([
      {
        action_item_id: expect.any(String),
        user_id: due.broker.userId,
        item_type: 'unpaid-pop-action-item',
        completed: 0,
        description: `Pay the renewal of the POP document of ${due.company} for the plan year 03/08/2027 to 03/07/2028`,
      },
    ]);
    const mails = await db()
      .selectFrom('job')
      .select('payload')
      .where('kind', '=', 'send-email')
      .where('payload', 'like', `%has been renewed: ${due.company}%`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(JSON.parse(mails[0]!.payload)).toMatchObject({ to: ['owner@renewed.test', 'hr@renewed.test'] });
    const log = await db()
      .selectFrom('change_log')
      .select(['document_id', 'user_name', 'description'])
      .where('company_id', '=', due.clientId)
      .execute();
    expect(log).toEqual([
      {
        document_id: renewal!.document_id,
        user_name: 'POP Documents',
        description:
          'Document renewed automatically (strategic partner auto-renew rule) for the plan year 03/08/2027 to 03/07/2028, unpaid: invoiced to the client',
      },
    ]);

    // The broker pays it from the action item: the stored renewal becomes Paid.
    const { broker } = due;
    const opened = await suite.ctx.send(
      broker,
      'GET',
      `/epop-document/action-item/${items[0]!.action_item_id}`,
    );
    expect(opened.statusCode).toBe(200);
    const added = await suite.ctx.send(broker, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json: opened.json<{ form: object }>().form,
      userId: broker.userId,
      actionItemId: items[0]!.action_item_id,
    });
    expect(added.statusCode).toBe(200);
    const paid = await suite.ctx.send(
      broker,
      'POST',
      `/shopping-cart/${broker.userId}/purchase/card`,
      cardPayment(),
    );
    expect(paid.statusCode).toBe(200);
    expect(await renewalOf(due.documentId)).toMatchObject({
      document_id: renewal!.document_id,
      status: 'Paid',
    });
  });

  it('renews once per plan year: not again the next day, after a restart, or on two instances', async () => {
    const partnerId = await partnerWith({ daysPrior: 2 });
    clock = new Date('2027-04-01T15:00:00Z');
    const first = await documentOf(partnerId, '2027-04-03');
    const second = await documentOf(partnerId, '2027-04-04');
    const config = loadConfig({
      DATABASE_URL: suite.ctx.databaseUrl,
      OUTBOX_DIR: suite.ctx.outboxDir,
      JOBS_POLL_MS: '0',
      NODE_ENV: 'test',
      PAYMENT_GATEWAY: 'sandbox',
    });
    const other = await buildApp(config, { logger: false, identity: suite.ctx.identity, now: () => clock });
    try {
      await Promise.all([suite.ctx.app.jobs.enqueueReminderScan(), other.jobs.enqueueReminderScan()]);
      await Promise.all([suite.ctx.app.jobs.runner.runDue(), other.jobs.runner.runDue()]);
      expect(await renewalOf(first.documentId)).toBeDefined();
      expect(await renewalOf(second.documentId)).toBeUndefined();

      // The renewal deactivated (say, by compliance): its key still says it was done this plan year.
      await db()
        .updateTable('epop_document')
        .set({ active: 0, status: 'Inactive' })
        .where('original_document_id', '=', first.documentId)
        .execute();
      clock = new Date('2027-04-02T15:00:00Z');
      await Promise.all([other.jobs.enqueueReminderScan(), suite.ctx.app.jobs.enqueueReminderScan()]);
      await Promise.all([other.jobs.runner.runDue(), suite.ctx.app.jobs.runner.runDue()]);
      expect(await renewalOf(first.documentId)).toBeUndefined();
      expect(await renewalOf(second.documentId)).toBeDefined();
      const renewals = await db()
        .selectFrom('epop_document')
        .select('document_id')
        .where('original_document_id', 'in', [first.documentId, second.documentId])
        .execute();
      expect(renewals).toHaveLength(2);
      const jobs = await db()
        .selectFrom('job')
        .select(['state', 'result'])
        .where('kind', '=', 'auto-renew-document')
        .where('payload', 'like', `%${first.documentId}%`)
        .execute();
      expect(jobs).toEqual([{ state: 'done', result: expect.stringContaining('"renewed":true') }]);
    } finally {
      await other.close();
      clock = NOW;
    }
  });

  it('takes 3 days by default, never with 0, and leaves a document renewed by its owner alone', async () => {
    clock = new Date('2027-05-01T15:00:00Z');
    const byDefault = await partnerWith({});
    const never = await partnerWith({ daysPrior: 0 });
    const allProducts = await partnerWith({ daysPrior: '4' }, null);
    const threeDays = await documentOf(byDefault, '2027-05-04');
    const fourDays = await documentOf(byDefault, '2027-05-05');
    const zero = await documentOf(never, '2027-05-02');
    const anyProduct = await documentOf(allProducts, '2027-05-05');
    const renewedByOwner = await documentOf(byDefault, '2027-05-03');
    await db()
      .insertInto('epop_document')
      .values(
        documentRow(renewedByOwner.broker.userId, renewedByOwner.clientId, {
          original_document_id: renewedByOwner.documentId,
          plan_year_start: '2027-05-04',
          plan_year_end: '2028-05-03',
        }),
      )
      .execute();
    await scan();
    try {
      expect(await renewalOf(threeDays.documentId)).toMatchObject({ status: 'Unpaid' });
      expect(await renewalOf(fourDays.documentId)).toBeUndefined();
      expect(await renewalOf(zero.documentId)).toBeUndefined();
      expect(await renewalOf(anyProduct.documentId)).toMatchObject({ status: 'Unpaid' });
      expect(await renewalOf(renewedByOwner.documentId)).toMatchObject({ status: 'Paid' });
      const unpaidItems = await db()
        .selectFrom('action_item')
        .select('action_item_id')
        .where('user_id', '=', renewedByOwner.broker.userId)
        .where('item_type', '=', 'unpaid-pop-action-item')
        .execute();
      expect(unpaidItems).toEqual([]);
    } finally {
      clock = NOW;
    }
  });
});
