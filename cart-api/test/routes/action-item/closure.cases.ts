import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { addActionItems } from '../../../src/domain/action-items/add.js';
import { itemsPastTheirPurpose } from '../../../src/domain/action-items/closure.js';
import { RULE_TYPE } from '../../../src/domain/partners/rules.js';
import { autoRenewDocument } from '../../../src/reminders/auto-renew.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { cardPayment } from '../../helpers/payments.js';
import { companyRow, daysFromToday, documentRow, partnerRuleRow } from '../../helpers/rows.js';

/**
 * Action items close with their purpose (issue 23 item 8; README "Action items close with their
 * purpose"): paid, renewed, tested, deactivated, on every path that does it, by one rule
 * (src/domain/action-items/closure.ts).
 */
describe('action items closed with their purpose', () => {
  const suite = seededTestApp();
  const db = () => suite.ctx.db;

  /**
   * A Paid document of broker A's client whose plan year ends in `days` days (ready for renewal), with
   * its renewal and testing reminders open in broker A's list.
   */
  async function remindedDocument(overrides: Parameters<typeof documentRow>[2] = {}, days = 20) {
    const { records } = suite.parties;
    const form = documentForm({
      clientCompanyName: 'Reminded Dental',
      currentPlanYearStartDate: daysFromToday(days - 364),
      currentPlanYearEndDate: daysFromToday(days),
    });
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      plan_year_start: daysFromToday(days - 364),
      plan_year_end: daysFromToday(days),
      json: JSON.stringify(form),
      ...overrides,
    });
    await db().insertInto('epop_document').values(row).execute();
    const reminders = { renewal: randomUUID(), ndt: randomUUID() };
    const reminder = {
      kind: 'reminder' as const,
      documentId: row.document_id,
      planYearEnd: row.plan_year_end,
    };
    await addActionItems(db(), [
      {
        actionItemId: reminders.renewal,
        userId: records.brokerA.userId,
        itemType: 'pop-document-renewal',
        description: 'Renew it',
        data: reminder,
        createdBy: 'POP Documents',
        createdAt: new Date().toISOString(),
      },
      {
        actionItemId: reminders.ndt,
        userId: records.brokerA.userId,
        itemType: 'pop-document-ndt',
        description: 'Test it',
        data: reminder,
        createdBy: 'POP Documents',
        createdAt: new Date().toISOString(),
      },
    ]);
    return { documentId: row.document_id, form, reminders };
  }

  /** Which of the items are still open. */
  const open = async (...itemIds: string[]) =>
    (
      await db()
        .selectFrom('action_item')
        .select('action_item_id')
        .where('action_item_id', 'in', itemIds)
        .where('completed', '=', 0)
        .execute()
    ).map((row) => row.action_item_id);

  /** The renewal draft's plan year for the document, as the renewal pages send it. */
  async function renewalBody(account: Account, documentId: string) {
    const draft = await suite.ctx.send(
      account,
      'GET',
      `/epop-document/${documentId}/renew/${account.userId}`,
    );
    expect(draft.statusCode).toBe(200);
    const { form, originalDocumentId, clientId } = draft.json<{
      form: Record<string, unknown>;
      originalDocumentId: string;
      clientId: string;
    }>();
    return {
      ...documentForm({
        clientCompanyName: 'Reminded Dental',
        currentPlanYearStartDate: form.currentPlanYearStartDate,
        currentPlanYearEndDate: form.currentPlanYearEndDate,
      }),
      clientId,
      originalDocumentId,
    };
  }

  it('Admin Renewal (No Purchase) closes the renewal reminder; the plan year still needs its test', async () => {
    const { compliance } = suite.parties.accounts;
    const { documentId, reminders } = await remindedDocument();
    const renewed = await suite.ctx.send(
      compliance,
      'POST',
      `/epop-document/${compliance.userId}`,
      await renewalBody(compliance, documentId),
    );
    expect(renewed.statusCode).toBe(200);
    expect(await open(reminders.renewal, reminders.ndt)).toEqual([reminders.ndt]);
  });

  it('an invitation to purchase the renewal closes the renewal reminder', async () => {
    const { compliance } = suite.parties.accounts;
    const { documentId, reminders } = await remindedDocument();
    const invited = await suite.ctx.send(compliance, 'POST', '/action-item/document-invite', {
      firstname: 'Rita',
      lastname: 'Renewal',
      email: `rita.${randomUUID().slice(0, 8)}@example.test`,
      companyName: 'Reminded Dental',
      document: await renewalBody(compliance, documentId),
      attributes: [],
    });
    expect(invited.statusCode).toBe(200);
    expect(await open(reminders.renewal, reminders.ndt)).toEqual([reminders.ndt]);
  });

  it('auto-renew closes the renewal reminder', async () => {
    const partner = companyRow(`Renewing Partner ${randomUUID().slice(0, 6)}`, { kind: 'strategic-partner' });
    await db().insertInto('company').values(partner).execute();
    await db()
      .insertInto('partner_rule')
      .values(partnerRuleRow(partner.company_id, RULE_TYPE.autoRenew, { daysPrior: 30 }))
      .execute();
    const { documentId, reminders } = await remindedDocument({ strategic_partner_id: partner.company_id });
    const result = await autoRenewDocument(
      { db: db(), appUrl: 'http://localhost:3000' },
      { documentId, planYearEnd: daysFromToday(20) },
      new Date(),
    );
    expect(result).toMatchObject({ renewed: true });
    expect(await open(reminders.renewal, reminders.ndt)).toEqual([reminders.ndt]);
  });

  it('the test taken closes the testing reminder', async () => {
    const { brokerA } = suite.parties.accounts;
    const { documentId, reminders } = await remindedDocument();
    const taken = await suite.ctx.send(brokerA, 'POST', `/epop-document/${documentId}/non-discrimination`, {
      ndtAnswer1: true,
      ndtAnswer2: true,
      ndtAnswer3: true,
      ndtAnswer4: true,
    });
    expect(taken.statusCode).toBe(200);
    expect(await open(reminders.renewal, reminders.ndt)).toEqual([reminders.renewal]);
  });

  it('deactivation closes the reminders; the purchase that brings it back closes every item to buy it, whoever’s', async () => {
    const { brokerA, compliance } = suite.parties.accounts;
    const { documentId, form, reminders } = await remindedDocument({}, 200);
    // Two accounts of the client: repayment asks both.
    const colleague: Account = { userId: randomUUID(), roles: ['employer'] };
    const other: Account = { userId: randomUUID(), roles: ['employer'] };
    for (const account of [colleague, other]) {
      suite.ctx.identity.add({ userId: account.userId, role: 'employer' });
      await db()
        .insertInto('company_user')
        .values({
          company_id: suite.parties.records.brokerA.companyId,
          user_id: account.userId,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    const deactivated = await suite.ctx.send(compliance, 'POST', `/epop-document/${documentId}/deactivate`, {
      reason: 'Paid by a check that bounced',
      allowRepayment: true,
    });
    expect(deactivated.statusCode).toBe(200);
    expect(await open(reminders.renewal, reminders.ndt)).toEqual([]);
    const buyAgain = (
      await db()
        .selectFrom('action_item')
        .select(['action_item_id', 'user_id'])
        .where('item_type', '=', 'unpaid-pop-action-item')
        .where('json', 'like', `%${documentId}%`)
        .where('completed', '=', 0)
        .execute()
    ).map((row) => row.action_item_id);
    expect(buyAgain).toHaveLength(2);

    // One of them buys it: the document is Paid, and nobody is asked to buy it any more.
    const mine = (
      await db()
        .selectFrom('action_item')
        .select('action_item_id')
        .where('action_item_id', 'in', buyAgain)
        .where('user_id', '=', colleague.userId)
        .executeTakeFirstOrThrow()
    ).action_item_id;
    const added = await suite.ctx.send(colleague, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      actionItemId: mine,
      attributes: [],
      json: form,
      userId: colleague.userId,
    });
    expect(added.statusCode).toBe(200);
    const paid = await suite.ctx.send(
      colleague,
      'POST',
      `/shopping-cart/${colleague.userId}/purchase/card`,
      cardPayment(),
    );
    expect(paid.json()).toMatchObject({ success: true });
    expect(await open(...buyAgain)).toEqual([]);
    const document = await suite.ctx.send(brokerA, 'GET', `/epop-document/${documentId}`);
    expect(document.json()).toMatchObject({ status: 'Paid' });
  });

  it('Reactivate to Paid closes the items to buy it again', async () => {
    const { compliance } = suite.parties.accounts;
    const { documentId } = await remindedDocument({}, 200);
    await suite.ctx.send(compliance, 'POST', `/epop-document/${documentId}/deactivate`, {
      reason: 'A mistake',
      allowRepayment: true,
    });
    const buyAgain = await db()
      .selectFrom('action_item')
      .select('action_item_id')
      .where('item_type', '=', 'unpaid-pop-action-item')
      .where('json', 'like', `%${documentId}%`)
      .where('completed', '=', 0)
      .execute();
    expect(buyAgain.length).toBeGreaterThan(0);
    const reactivated = await suite.ctx.send(
      compliance,
      'POST',
      `/epop-document/${documentId}/reactivate`,
      {},
    );
    expect(reactivated.json()).toMatchObject({ status: 'Paid' });
    expect(await open(...buyAgain.map((row) => row.action_item_id))).toEqual([]);
  });

  it('leaves no open item whose purpose is done after all of these, by the rule read from the documents', async () => {
    expect(await itemsPastTheirPurpose(db())).toEqual([]);
  });
});
