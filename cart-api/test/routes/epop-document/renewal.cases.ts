import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { nextPlanYear } from 'shared-domain/forms';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { documentForm } from '../../helpers/documents.js';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';
import type { TestContext } from '../../helpers/build.js';
import { companyRow, daysFromToday, documentRow } from '../../helpers/rows.js';
import { makePartnerUser } from '../../helpers/entitlement.js';
import { RULE_TYPE } from '../../../src/domain/partners/rules.js';

/** Renewal (specs/2-documents.md §4; issue 9 "Renewal"): readyForRenewal, the next plan year, once. */
describe('GET /epop-document/:documentId/renew/:userId and renewing a document', () => {
  const suite = seededTestApp();

  const send: TestContext['send'] = (...request) => suite.ctx.send(...request);

  /** A Paid document of broker A's client whose plan year ends in `days` days. */
  async function endingIn(days: number): Promise<string> {
    const { records } = suite.parties;
    const row = documentRow(records.brokerA.userId, records.brokerA.companyId, {
      plan_year_start: daysFromToday(days - 364),
      plan_year_end: daysFromToday(days),
      json: JSON.stringify(documentForm({ clientCompanyName: 'Renewal Dental', dental: true })),
    });
    await suite.ctx.db.insertInto('epop_document').values(row).execute();
    return row.document_id;
  }
  const readiness = async (account: Account, documentId: string) =>
    (await send(account, 'GET', `/epop-document/${documentId}`)).json<{ readyForRenewal: boolean }>()
      .readyForRenewal;

  it('is ready from 90 days before the plan year ends, and answers the next plan year', async () => {
    const { brokerA } = suite.parties.accounts;
    const early = await endingIn(91);
    const ready = await endingIn(90);
    expect(await readiness(brokerA, early)).toBe(false);
    expect(await readiness(brokerA, ready)).toBe(true);

    const renewal = await send(brokerA, 'GET', `/epop-document/${ready}/renew/${brokerA.userId}`);
    expect(renewal.statusCode).toBe(200);
    // The plan-year arithmetic (end + 1 day, twelve months) is shared-domain's, tested there.
    const next = nextPlanYear(daysFromToday(90));
    expect(renewal.json()).toMatchObject({
      documentId: null,
      originalDocumentId: ready,
      clientId: suite.parties.records.brokerA.companyId,
      requiresPurchase: true,
      form: {
        clientCompanyName: 'Renewal Dental',
        dental: true,
        currentPlanYearStartDate: next.start,
        currentPlanYearEndDate: next.end,
      },
    });

    const notReady = await send(brokerA, 'GET', `/epop-document/${early}/renew/${brokerA.userId}`);
    expect([notReady.statusCode, notReady.json()]).toEqual([
      400,
      { message: 'This document is not ready for renewal' },
    ]);
  });

  it("answers 404 for another's document or on another user's behalf", async () => {
    const { brokerA, brokerB } = suite.parties.accounts;
    const ready = await endingIn(10);
    expect((await send(brokerB, 'GET', `/epop-document/${ready}/renew/${brokerB.userId}`)).statusCode).toBe(
      404,
    );
    expect((await send(brokerA, 'GET', `/epop-document/${ready}/renew/${brokerB.userId}`)).statusCode).toBe(
      404,
    );
  });

  it('renews once: compliance renews without purchase, then the document is not offered renewal again', async () => {
    const { brokerA, compliance } = suite.parties.accounts;
    const ready = await endingIn(-5); // past its end: still renewable
    expect(await readiness(brokerA, ready)).toBe(true);
    const draft = await send(compliance, 'GET', `/epop-document/${ready}/renew/${brokerA.userId}`);
    expect(draft.json()).toMatchObject({ requiresPurchase: false });
    const { form, originalDocumentId, clientId } = draft.json<{
      form: Record<string, unknown>;
      originalDocumentId: string;
      clientId: string;
    }>();
    // As the admin renewal page saves it: under compliance's own user id; the renewal is the owner's.
    const renewed = await send(compliance, 'POST', `/epop-document/${compliance.userId}`, {
      ...documentForm({
        currentPlanYearStartDate: form.currentPlanYearStartDate,
        currentPlanYearEndDate: form.currentPlanYearEndDate,
      }),
      clientId,
      originalDocumentId,
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ originalDocumentId: ready, status: 'Paid', clientId });
    const renewalId = renewed.json<{ documentId: string }>().documentId;
    const brokersList = (await send(brokerA, 'GET', `/epop-document/${brokerA.userId}?pageSize=100`)).json<{
      data: { documentId: string }[];
    }>();
    expect(brokersList.data.map((row) => row.documentId)).toContain(renewalId);
    expect(await readiness(brokerA, ready)).toBe(false);

    const again = await send(brokerA, 'GET', `/epop-document/${ready}/renew/${brokerA.userId}`);
    expect(again.statusCode).toBe(400);
    const before = await snapshot(suite.ctx.db);
    const twice = await send(compliance, 'POST', `/epop-document/${brokerA.userId}`, {
      ...documentForm(),
      originalDocumentId: ready,
    });
    expect([twice.statusCode, twice.json()]).toEqual([
      400,
      { type: 'validation', errors: ['This document has already been renewed'] },
    ]);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it("compliance's Renew: the renewal form's Invite to Purchase invites the client to buy the renewal", async () => {
    const { brokerA, compliance } = suite.parties.accounts;
    const ready = await endingIn(15);
    // The menu's Renew opens the renewal draft for compliance's own user id, as /document/{id}/renew does.
    const draft = await send(compliance, 'GET', `/epop-document/${ready}/renew/${compliance.userId}`);
    expect(draft.statusCode).toBe(200);
    const { form, originalDocumentId, clientId, requiresPurchase } = draft.json<{
      form: Record<string, unknown>;
      originalDocumentId: string;
      clientId: string;
      requiresPurchase: boolean;
    }>();
    expect(requiresPurchase).toBe(false);
    const invited = await send(compliance, 'POST', '/action-item/document-invite', {
      firstname: 'Rita',
      lastname: 'Renewal',
      email: `rita.${randomUUID().slice(0, 8)}@example.test`,
      companyName: 'Renewal Dental',
      document: {
        ...documentForm({
          clientCompanyName: 'Renewal Dental',
          currentPlanYearStartDate: form.currentPlanYearStartDate,
          currentPlanYearEndDate: form.currentPlanYearEndDate,
        }),
        clientId,
        originalDocumentId,
      },
      attributes: [],
    });
    expect(invited.statusCode).toBe(200);
    const { documentId } = invited.json<{ documentId: string }>();
    // The renewal waits for the client's purchase; the broker's document is renewed by it (not offered again).
    const renewal = await send(compliance, 'GET', `/epop-document/${documentId}`);
    expect(renewal.json()).toMatchObject({ status: 'Unpaid', originalDocumentId: ready, clientId });
    expect(await readiness(brokerA, ready)).toBe(false);
  });

  it("keeps the renewed document's partner: a bypass partner cannot make a renewal free", async () => {
    const { brokerA } = suite.parties.accounts;
    const ready = await endingIn(20);
    const bypass = { ...companyRow('Bypass Renewals', { kind: 'strategic-partner' }) };
    await suite.ctx.db.insertInto('company').values(bypass).execute();
    await suite.ctx.db
      .insertInto('partner_rule')
      .values({
        rule_id: randomUUID(),
        company_id: bypass.company_id,
        rule_type_id: RULE_TYPE.bypassShoppingCart,
        product_id: null,
        settings: JSON.stringify({ bypass: true }),
        created_at: new Date().toISOString(),
      })
      .execute();
    // Even for a broker entitled to the bypass partner (issue 21: anyone else gets no free document).
    await makePartnerUser(suite.ctx.db, bypass.company_id, brokerA.userId);
    const before = await snapshot(suite.ctx.db);
    const refused = await send(brokerA, 'POST', `/epop-document/${brokerA.userId}`, {
      ...documentForm(),
      strategicPartnerId: bypass.company_id,
      originalDocumentId: ready,
    });
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { type: 'validation', errors: ['A renewal keeps the strategic partner of the document it renews'] },
    ]);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it("carries the renewed document in the cart item, and refuses another's", async () => {
    const { brokerA, brokerB } = suite.parties.accounts;
    const ready = await endingIn(30);
    const item = (account: Account, originalDocumentId: string) => ({
      productId: EPOP_PRODUCT.product_id,
      quantity: 1,
      attributes: [],
      json: { ...documentForm(), originalDocumentId },
      userId: account.userId,
    });
    const added = await send(brokerA, 'POST', '/shopping-cart', item(brokerA, ready));
    expect(added.statusCode).toBe(200);
    const { cartItem } = added.json<{ cartItem: { cartItemId: string } }>();
    const reopened = await send(brokerA, 'GET', `/cart/${cartItem.cartItemId}/epop`);
    expect(reopened.json()).toMatchObject({ form: { originalDocumentId: ready } });

    const before = await snapshot(suite.ctx.db);
    expect((await send(brokerB, 'POST', '/shopping-cart', item(brokerB, ready))).statusCode).toBe(404);
    // An id that names no document reads like another's (issue 21: 400 here told them apart).
    const unknown = await send(brokerB, 'POST', '/shopping-cart', item(brokerB, randomUUID()));
    expect(unknown.statusCode).toBe(404);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });
});
