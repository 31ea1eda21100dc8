import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { pdfText } from 'shared-domain/testing';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { RULE_TYPE } from '../../../src/domain/partners/rules.js';
import { scanAutoRenewals } from '../../../src/reminders/auto-renew.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { cardPayment } from '../../helpers/payments.js';
import { companyRow, documentRow, partnerRuleRow } from '../../helpers/rows.js';

/** The clock of these tests: November 28th, 2026, 10:00 in New York. */
const NOW = new Date('2026-11-28T15:00:00Z');

/** Last year's amendment answers: an amendment of a plan first effective in 2019, HSA, an "Other" entry date. */
const AMENDMENT = {
  amendmentToOriginal: true,
  originalEffectiveDate: '2019-01-01',
  amendmentEffectiveDate: '2026-04-01',
  allowHSAContributions: true,
  hsaAmendmentEffectiveDate: '2026-04-01',
  dateOfEligibility: 'Other',
  otherDateOfEligibility: '2026-04-15',
};
/** The same answers cleared, as a renewal opens them (the original effective date carried forward). */
const RENEWED_AMENDMENT = {
  amendmentToOriginal: false,
  amendmentEffectiveDate: '',
  originalEffectiveDate: '2019-01-01',
  allowHSAContributions: true,
  hsaAmendmentEffectiveDate: '',
  dateOfEligibility: 'Other',
  otherDateOfEligibility: '',
};

/**
 * Renewals per ../shared/domain/plan-documents.md "Decision" (issue 22 item 3): a renewal continues the
 * plan without a gap (its plan year may have started), offers the plan year that contains today when
 * the previous one ended over a year ago, carries the original effective date forward and clears last
 * year's amendment answers, in the form's renewal, Admin Renewal and auto-renew alike; its documents
 * print the original effective date and no amendment wording.
 */
describe('the plan year and the answers of a renewal', () => {
  const suite = seededTestApp(undefined, { now: () => NOW });
  const db = () => suite.ctx.db;
  const send = (account: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
    suite.ctx.send(account, method, url, payload);

  /** A broker known to identity-api with a Paid document of `start` to `end` (and `answers`), of `partnerId`. */
  async function paidDocument(
    start: string,
    end: string,
    answers: Record<string, unknown> = {},
    partnerId?: string,
  ) {
    const broker: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({
      userId: broker.userId,
      role: 'broker',
      email: `${broker.userId.slice(0, 8)}@b.test`,
    });
    const client = companyRow(`Renewing ${randomUUID().slice(0, 6)}`, { brokerUserId: broker.userId });
    client.strategic_partner_id = partnerId ?? null;
    await db().insertInto('company').values(client).execute();
    const form = documentForm({
      clientCompanyName: client.name,
      primaryEmail: 'owner@renewing.test',
      currentPlanYearStartDate: start,
      currentPlanYearEndDate: end,
      ...answers,
    });
    const row = documentRow(broker.userId, client.company_id, {
      json: JSON.stringify(form),
      plan_year_start: start,
      plan_year_end: end,
      strategic_partner_id: partnerId ?? null,
    });
    await db().insertInto('epop_document').values(row).execute();
    return { broker, documentId: row.document_id, company: client.name };
  }

  const renewalDraft = async (account: Account, documentId: string) => {
    const draft = await send(account, 'GET', `/epop-document/${documentId}/renew/${account.userId}`);
    expect(draft.statusCode).toBe(200);
    return draft.json<{ form: Record<string, unknown>; originalDocumentId: string; clientId: string }>();
  };
  const addToCart = (buyer: Account, json: Record<string, unknown>, actionItemId?: string) =>
    send(buyer, 'POST', '/shopping-cart', {
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
      json,
      userId: buyer.userId,
      ...(actionItemId ? { actionItemId } : {}),
    });
  /** The text of a generated document of a Paid document. */
  const pdfOf = async (account: Account, documentId: string, section: string) => {
    const pdf = await send(account, 'GET', `/epop-document/${documentId}/download/${section}`);
    expect(pdf.statusCode).toBe(200);
    return (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, ' ');
  };

  it('continues the plan without a gap, though that day has passed: bought through the cart', async () => {
    const { broker, documentId } = await paidDocument('2025-11-19', '2026-11-18');
    const draft = await renewalDraft(broker, documentId);
    expect(draft.form).toMatchObject({
      currentPlanYearStartDate: '2026-11-19',
      currentPlanYearEndDate: '2027-11-18',
      shortPlanYear: false,
      // Not an amendment: the plan's original effective date is the previous plan year's start.
      originalEffectiveDate: '2025-11-19',
    });
    const renewal = { ...draft.form, originalDocumentId: documentId, clientId: draft.clientId };
    expect((await addToCart(broker, renewal)).statusCode).toBe(200);
  });

  it('offers the plan year that contains today when the previous one ended over a year ago, and no other past start', async () => {
    const { broker, documentId } = await paidDocument('2023-12-01', '2024-11-30');
    const draft = await renewalDraft(broker, documentId);
    expect(draft.form).toMatchObject({
      currentPlanYearStartDate: '2025-12-01',
      currentPlanYearEndDate: '2026-11-30',
      originalEffectiveDate: '2023-12-01',
    });
    const renewal = { ...draft.form, originalDocumentId: documentId, clientId: draft.clientId };
    const gap = await addToCart(broker, {
      ...renewal,
      currentPlanYearStartDate: '2024-12-01',
      currentPlanYearEndDate: '2025-11-30',
    });
    expect([gap.statusCode, gap.json()]).toEqual([
      400,
      {
        type: 'validation',
        errors: [
          'Plan Year Start Date of a renewal continues the plan without a gap: start it on 12/01/2025 (the plan year ' +
            '12/01/2025 - 11/30/2026), or on or after today (11/28/2026).',
        ],
      },
    ]);
    expect((await addToCart(broker, renewal)).statusCode).toBe(200);
  });

  it("opens last year's amendment answers blank and carries the original effective date: the form's renewal and Admin Renewal", async () => {
    const { broker, documentId } = await paidDocument('2026-01-01', '2026-12-31', AMENDMENT);
    const draft = await renewalDraft(broker, documentId);
    expect(draft.form).toMatchObject({
      ...RENEWED_AMENDMENT,
      currentPlanYearStartDate: '2027-01-01',
      currentPlanYearEndDate: '2027-12-31',
    });

    // Compliance renews it without purchase (Admin Renewal), answering the "Other" date afresh.
    const { compliance } = suite.parties.accounts;
    const adminDraft = await renewalDraft(compliance, documentId);
    expect(adminDraft.form).toMatchObject(RENEWED_AMENDMENT);
    const saved = await send(compliance, 'POST', `/epop-document/${compliance.userId}`, {
      ...adminDraft.form,
      otherDateOfEligibility: '2027-01-15',
      originalDocumentId: documentId,
      clientId: adminDraft.clientId,
    });
    expect(saved.statusCode).toBe(200);
    const renewalId = saved.json<{ documentId: string }>().documentId;
    expect(saved.json()).toMatchObject({
      form: {
        amendmentToOriginal: false,
        originalEffectiveDate: '2019-01-01',
        otherDateOfEligibility: '2027-01-15',
      },
    });
    expect(saved.json<{ form: object }>().form).not.toHaveProperty('amendmentEffectiveDate');

    const planDocument = await pdfOf(broker, renewalId, 'plan-doc');
    expect(planDocument).toContain('Effective 01/01/2019');
    expect(planDocument).toContain('Plan Year 01/01/2027 - 12/31/2027');
    expect(planDocument).not.toMatch(/Amended and Restated|amends and restates/i);
    expect(await pdfOf(broker, renewalId, 'resolution')).toContain(
      'effective since 01/01/2019, is continued in the form attached to this resolution for the plan year 01/01/2027 - 12/31/2027',
    );
    expect(await pdfOf(broker, renewalId, 'plan-description')).toContain(
      'It has been effective since 01/01/2019 and continues for the plan year 01/01/2027 - 12/31/2027.',
    );
  });

  it('auto-renews an amendment the same way: its 2027 plan document prints the original effective date and no amendment wording', async () => {
    const partner = companyRow(`Auto Renewing ${randomUUID().slice(0, 6)}`, { kind: 'strategic-partner' });
    await db().insertInto('company').values(partner).execute();
    await db()
      .insertInto('partner_rule')
      .values(partnerRuleRow(partner.company_id, RULE_TYPE.autoRenew, { daysPrior: 40 }, { createdAt: NOW }))
      .execute();
    const { broker, documentId } = await paidDocument(
      '2026-01-01',
      '2026-12-31',
      AMENDMENT,
      partner.company_id,
    );
    await suite.ctx.app.jobs.enqueueReminderScan();
    await suite.ctx.app.jobs.runner.runDue();
    const renewal = await db()
      .selectFrom('epop_document')
      .select(['document_id', 'plan_year_start', 'plan_year_end', 'status', 'json'])
      .where('original_document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(renewal).toMatchObject({
      plan_year_start: '2027-01-01',
      plan_year_end: '2027-12-31',
      status: 'Unpaid',
    });
    expect(JSON.parse(renewal.json)).toMatchObject({ ...RENEWED_AMENDMENT, originalDocumentId: documentId });

    // The client pays the invoice from its action item, answering the "Other" date afresh.
    const item = await db()
      .selectFrom('action_item')
      .select('action_item_id')
      .where('user_id', '=', broker.userId)
      .where('item_type', '=', 'unpaid-pop-action-item')
      .executeTakeFirstOrThrow();
    const opened = await send(broker, 'GET', `/epop-document/action-item/${item.action_item_id}`);
    const form = opened.json<{ form: Record<string, unknown> }>().form;
    expect(form).toMatchObject(RENEWED_AMENDMENT);
    const unanswered = await addToCart(broker, form, item.action_item_id);
    expect(unanswered.json()).toEqual({
      type: 'validation',
      errors: ['Other date of eligibility is required'],
    });
    const added = await addToCart(
      broker,
      { ...form, otherDateOfEligibility: '2027-01-15' },
      item.action_item_id,
    );
    expect(added.statusCode).toBe(200);
    const paid = await send(broker, 'POST', `/shopping-cart/${broker.userId}/purchase/card`, cardPayment());
    expect(paid.statusCode).toBe(200);

    const planDocument = await pdfOf(broker, renewal.document_id, 'plan-doc');
    expect(planDocument).toContain('Effective 01/01/2019');
    expect(planDocument).toContain('Plan Year 01/01/2027 - 12/31/2027');
    expect(planDocument).not.toMatch(/Amended and Restated|amends and restates|04\/01\/2026/i);
  });

  it("auto-renews a renewal made before renewals stored the original effective date: the chain's first document gives it", async () => {
    const partner = companyRow(`Auto Chain ${randomUUID().slice(0, 6)}`, { kind: 'strategic-partner' });
    await db().insertInto('company').values(partner).execute();
    await db()
      .insertInto('partner_rule')
      .values(partnerRuleRow(partner.company_id, RULE_TYPE.autoRenew, { daysPrior: 40 }, { createdAt: NOW }))
      .execute();
    // 2025 (the plan's first year), then its 2026 renewal, which stored no original effective date.
    const first = await paidDocument('2025-01-01', '2025-12-31', {}, partner.company_id);
    const previous = await db()
      .selectFrom('epop_document')
      .selectAll()
      .where('document_id', '=', first.documentId)
      .executeTakeFirstOrThrow();
    const renewedForm = {
      ...JSON.parse(previous.json),
      currentPlanYearStartDate: '2026-01-01',
      currentPlanYearEndDate: '2026-12-31',
      originalDocumentId: first.documentId,
    };
    const secondId = randomUUID();
    await db()
      .insertInto('epop_document')
      .values({
        ...previous,
        document_id: secondId,
        plan_year_start: '2026-01-01',
        plan_year_end: '2026-12-31',
        json: JSON.stringify(renewedForm),
        original_document_id: first.documentId,
      })
      .execute();
    // Today's scan has run (the test above): this one's part of it, as the daily scan runs it.
    expect(await scanAutoRenewals(db(), NOW)).toBe(1);
    await suite.ctx.app.jobs.runner.runDue();
    const renewal = await db()
      .selectFrom('epop_document')
      .select(['plan_year_start', 'json'])
      .where('original_document_id', '=', secondId)
      .executeTakeFirstOrThrow();
    expect(renewal.plan_year_start).toBe('2027-01-01');
    expect(JSON.parse(renewal.json)).toMatchObject({ originalEffectiveDate: '2025-01-01' });
  });
});
