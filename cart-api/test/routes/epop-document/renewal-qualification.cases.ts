import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { pdfText } from 'shared-domain/testing';
import { COMMISSION_INCLUDED, EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { RULE_TYPE } from '../../../src/domain/partners/rules.js';
import { carriedEffectiveDate } from '../../../src/domain/documents/renewal.js';
import { DOCUMENTS_MESSAGES } from '../../../src/domain/documents/messages.js';
import { documentForm } from '../../helpers/documents.js';
import { makePartnerUser } from '../../helpers/entitlement.js';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';
import { cardPayment } from '../../helpers/payments.js';
import { companyRow, documentRow, partnerRuleRow } from '../../helpers/rows.js';

/** The clock of these tests: March 10th, 2026, 10:00 in New York. */
const NOW = new Date('2026-03-10T15:00:00Z');
const clock = { now: NOW };

/** Client A's plan year 2025, ended and never renewed; the plan year after it, which has started. */
const PLAN_2025 = { start: '2025-01-01', end: '2025-12-31' };
const PLAN_2026 = { currentPlanYearStartDate: '2026-01-01', currentPlanYearEndDate: '2026-12-31' };
/** A plan year that has not started: a new plan may take it. */
const PLAN_FROM_APRIL = { currentPlanYearStartDate: '2026-04-01', currentPlanYearEndDate: '2027-03-31' };
const STARTED =
  'Plan Year Start Date cannot be before today (03/10/2026): a plan cannot be adopted retroactively. ' +
  'Start the plan year on or after 03/10/2026, for example a short plan year 04/01/2026 - 12/31/2026.';
const validation = (...errors: string[]) => ({ type: 'validation', errors });
const REFUSED = DOCUMENTS_MESSAGES.save.renewal;

/**
 * Only a real renewal continues the plan (issue 22 item 3, review items 1 and 2; README "Renewal"): a
 * document names a renewed document only when that one is Paid and active, ready for renewal today and
 * of the same client, on every path that names one (Add and Update Cart, a free document, a bypass
 * partner's save, an invite and its update, the purchase); otherwise it is refused (400 naming the
 * field), so a new plan can never borrow a lapsed client's plan to start in the past. A renewal's
 * original effective date is the one carried forward from the stored documents, whatever the client
 * sends; compliance alone sets another, and the change log says so.
 */
describe('what makes a document a renewal', () => {
  const suite = seededTestApp(undefined, { now: () => clock.now });
  const db = () => suite.ctx.db;
  const send = (account: Account, method: 'GET' | 'POST', url: string, payload?: object) =>
    suite.ctx.send(account, method, url, payload);

  function newBroker(): Account {
    const broker: Account = { userId: randomUUID(), roles: ['broker'] };
    suite.ctx.identity.add({
      userId: broker.userId,
      role: 'broker',
      email: `${broker.userId.slice(0, 8)}@b.test`,
    });
    return broker;
  }

  /** A client of `broker` (tax id `taxId`) with a Paid document of `planYear`, and `answers`. */
  async function clientWithDocument(
    broker: Account,
    {
      planYear = PLAN_2025,
      answers = {},
      taxId = '11-1111111',
      overrides = {},
    }: {
      planYear?: { start: string; end: string };
      answers?: Record<string, unknown>;
      taxId?: string;
      overrides?: Parameters<typeof documentRow>[2];
    } = {},
  ) {
    const client = companyRow(`Client ${randomUUID().slice(0, 6)}`, { brokerUserId: broker.userId });
    client.federal_tax_id = taxId;
    await db().insertInto('company').values(client).execute();
    const form = documentForm({
      clientCompanyName: client.name,
      federalTaxId: taxId,
      currentPlanYearStartDate: planYear.start,
      currentPlanYearEndDate: planYear.end,
      ...answers,
    });
    const row = documentRow(broker.userId, client.company_id, {
      json: JSON.stringify(form),
      plan_year_start: planYear.start,
      plan_year_end: planYear.end,
      ...overrides,
    });
    await db().insertInto('epop_document').values(row).execute();
    return { clientId: client.company_id, documentId: row.document_id, form, name: client.name };
  }

  const cartItem = (buyer: Account, json: Record<string, unknown>, actionItemId?: string) => ({
    productId: EPOP_PRODUCT.product_id,
    quantity: 1,
    attributes: [COMMISSION_INCLUDED.attribute_value_id],
    json,
    userId: buyer.userId,
    ...(actionItemId ? { actionItemId } : {}),
  });
  const addToCart = (buyer: Account, json: Record<string, unknown>) =>
    send(buyer, 'POST', '/shopping-cart', cartItem(buyer, json));
  const invite = (inviter: Account, document: Record<string, unknown>) =>
    send(inviter, 'POST', '/action-item/document-invite', {
      firstname: 'Ivy',
      lastname: 'Invitee',
      email: `ivy.${randomUUID().slice(0, 8)}@example.test`,
      companyName: 'Invited Co',
      document,
      attributes: [COMMISSION_INCLUDED.attribute_value_id],
    });
  /** Employer B: a new client of its own (its own tax id), as the broker types it in. */
  const employerB = (overrides: Record<string, unknown> = {}) =>
    documentForm({ clientCompanyName: 'Employer B', federalTaxId: '22-2222222', ...overrides });
  const cartForm = async (account: Account, cartItemId: string) =>
    (await send(account, 'GET', `/cart/${cartItemId}/epop`)).json<{ form: Record<string, unknown> }>().form;

  it("refuses a new plan for Employer B that names lapsed client A's document: no backdated plan year (the review's scenario)", async () => {
    const broker = newBroker();
    const clientA = await clientWithDocument(broker);
    const other = await clientWithDocument(broker, { taxId: '22-2222222' });
    const before = await snapshot(db());
    const borrowed = await addToCart(
      broker,
      employerB({ ...PLAN_2026, originalDocumentId: clientA.documentId }),
    );
    expect([borrowed.statusCode, borrowed.json()]).toEqual([400, validation(REFUSED.otherClient)]);
    // Naming B's own client record instead does not help.
    const named = await addToCart(
      broker,
      employerB({ ...PLAN_2026, clientId: other.clientId, originalDocumentId: clientA.documentId }),
    );
    expect(named.json()).toEqual(validation(REFUSED.otherClient));
    // Without the borrowed original, the plan year that has started is refused as any new plan's.
    const plain = await addToCart(broker, employerB(PLAN_2026));
    expect(plain.json()).toEqual(
      validation(
        'Plan Year Start Date cannot be before today (03/10/2026): a plan cannot be adopted retroactively. ' +
          'Start the plan year on or after 03/10/2026, for example a short plan year 04/01/2026 - 12/31/2026.',
      ),
    );
    expect(await snapshot(db())).toEqual(before);

    // Client A's own renewal continues its plan: the plan year that has started is its next one.
    const renewal = await addToCart(
      broker,
      documentForm({
        ...clientA.form,
        ...PLAN_2026,
        clientId: clientA.clientId,
        originalDocumentId: clientA.documentId,
      }),
    );
    expect(renewal.statusCode).toBe(200);
    // A new client record with client A's tax id is client A too (the client is not known yet).
    const sameTaxId = await clientWithDocument(broker, { taxId: '33-3333333' });
    const byTaxId = await addToCart(
      broker,
      documentForm({ ...PLAN_2026, federalTaxId: '33-3333333', originalDocumentId: sameTaxId.documentId }),
    );
    expect(byTaxId.statusCode).toBe(200);
  });

  it('names only a purchased document that is ready for renewal today', async () => {
    const broker = newBroker();
    const renewalOf = (original: { documentId: string; clientId: string; form: Record<string, unknown> }) =>
      documentForm({
        ...original.form,
        ...PLAN_FROM_APRIL,
        clientId: original.clientId,
        originalDocumentId: original.documentId,
      });
    // Its plan year ends in more than 90 days: not ready (the renewal draft refuses it too).
    const early = await clientWithDocument(broker, { planYear: { start: '2025-07-01', end: '2026-06-30' } });
    expect((await addToCart(broker, renewalOf(early))).json()).toEqual(validation(REFUSED.notReady(90)));
    // An invitation never bought, and a Paid document compliance deactivated: not purchased now.
    const unpaid = await clientWithDocument(broker, { overrides: { status: 'Unpaid' } });
    expect((await addToCart(broker, renewalOf(unpaid))).json()).toEqual(validation(REFUSED.notPurchased));
    const deactivated = await clientWithDocument(broker, {
      overrides: { status: 'Inactive', status_before_inactive: 'Paid' },
    });
    expect((await addToCart(broker, renewalOf(deactivated))).json()).toEqual(
      validation(REFUSED.notPurchased),
    );
    // 90 days before its end it is ready.
    const ready = await clientWithDocument(broker, { planYear: { start: '2025-06-09', end: '2026-06-08' } });
    expect((await addToCart(broker, renewalOf(ready))).statusCode).toBe(200);
  });

  it('holds on every other path that names a renewed document: Update Cart, a free document, a bypass save, an invite and its update', async () => {
    const broker = newBroker();
    const { compliance } = suite.parties.accounts;
    const clientA = await clientWithDocument(broker);
    const borrowed = employerB({ ...PLAN_2026, originalDocumentId: clientA.documentId });
    const refused = validation(REFUSED.otherClient);

    const added = await addToCart(broker, employerB(PLAN_FROM_APRIL));
    expect(added.statusCode).toBe(200);
    const { cartItemId } = added.json<{ cartItem: { cartItemId: string } }>().cartItem;
    const updated = await send(broker, 'POST', `/shopping-cart/${cartItemId}`, cartItem(broker, borrowed));
    expect(updated.json()).toEqual(refused);

    // Compliance's Create Free Document (Admin Renewal) may not borrow it either.
    const free = await send(compliance, 'POST', `/epop-document/${broker.userId}`, borrowed);
    expect(free.json()).toEqual(refused);

    const bypass = companyRow('Bypass Renewal Rules', { kind: 'strategic-partner' });
    await db().insertInto('company').values(bypass).execute();
    await db()
      .insertInto('partner_rule')
      .values(partnerRuleRow(bypass.company_id, RULE_TYPE.bypassShoppingCart, { bypass: true }))
      .execute();
    await makePartnerUser(db(), bypass.company_id, broker.userId);
    const partnerClient = await clientWithDocument(broker, {
      overrides: { strategic_partner_id: bypass.company_id },
    });
    const bypassSave = await send(broker, 'POST', `/epop-document/${broker.userId}`, {
      ...employerB({ ...PLAN_2026, originalDocumentId: partnerClient.documentId }),
      strategicPartnerId: bypass.company_id,
    });
    expect(bypassSave.json()).toEqual(refused);

    expect((await invite(broker, borrowed)).json()).toEqual(refused);
    // An invitation compliance makes a renewal of another client's document (Update invite, a save).
    const sent = await invite(broker, employerB(PLAN_FROM_APRIL));
    expect(sent.statusCode).toBe(200);
    const { actionItemId, documentId } = sent.json<{ actionItemId: string; documentId: string }>();
    const update = await send(compliance, 'POST', `/epop-document/action-item/${actionItemId}`, {
      ...employerB(PLAN_2026),
      originalDocumentId: clientA.documentId,
    });
    expect(update.json()).toEqual(refused);
    const save = await send(compliance, 'POST', `/epop-document/${documentId}`, {
      originalDocumentId: clientA.documentId,
    });
    expect(save.json()).toEqual(refused);
  });

  it("refuses a stored invitation that names another client's document; checks one whose original was deactivated as a new plan", async () => {
    // Made before renewals were checked: an invitation for Employer B naming client A's document.
    const broker = newBroker();
    const clientA = await clientWithDocument(broker);
    const sent = await invite(broker, employerB(PLAN_FROM_APRIL));
    const { actionItemId, documentId } = sent.json<{ actionItemId: string; documentId: string }>();
    const stored = await db()
      .selectFrom('epop_document')
      .select('json')
      .where('document_id', '=', documentId)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('epop_document')
      .set({
        original_document_id: clientA.documentId,
        json: JSON.stringify({ ...JSON.parse(stored.json), originalDocumentId: clientA.documentId }),
      })
      .where('document_id', '=', documentId)
      .execute();
    const update = await send(
      broker,
      'POST',
      `/epop-document/action-item/${actionItemId}`,
      employerB(PLAN_2026),
    );
    expect([update.statusCode, update.json()]).toEqual([400, validation(REFUSED.otherClient)]);

    // Client C's own invited renewal continues its plan, until compliance deactivates the plan it renews.
    const clientC = await clientWithDocument(broker);
    const renewal = {
      ...clientC.form,
      ...PLAN_2026,
      clientId: clientC.clientId,
      originalDocumentId: clientC.documentId,
    };
    const invited = await invite(broker, renewal);
    expect(invited.statusCode).toBe(200);
    const invitation = invited.json<{ actionItemId: string }>();
    const updateC = () =>
      send(broker, 'POST', `/epop-document/action-item/${invitation.actionItemId}`, renewal);
    expect((await updateC()).statusCode).toBe(200);
    await db()
      .updateTable('epop_document')
      .set({ status: 'Inactive', status_before_inactive: 'Paid' })
      .where('document_id', '=', clientC.documentId)
      .execute();
    const refused = await updateC();
    expect([refused.statusCode, refused.json()]).toEqual([400, validation(STARTED)]);
  });

  it('refuses the purchase of a renewal whose original is no longer purchased (deactivated since it was added)', async () => {
    const broker = newBroker();
    const clientA = await clientWithDocument(broker);
    const added = await addToCart(
      broker,
      documentForm({
        ...clientA.form,
        ...PLAN_2026,
        clientId: clientA.clientId,
        originalDocumentId: clientA.documentId,
      }),
    );
    expect(added.statusCode).toBe(200);
    await db()
      .updateTable('epop_document')
      .set({ status: 'Inactive', status_before_inactive: 'Paid' })
      .where('document_id', '=', clientA.documentId)
      .execute();
    const before = await snapshot(db());
    const paid = await send(broker, 'POST', `/shopping-cart/${broker.userId}/purchase/card`, cardPayment());
    expect([paid.statusCode, paid.json<{ errors: string[] }>().errors]).toEqual([
      400,
      [`POP Document - ${clientA.name}: ${REFUSED.notPurchased} Change it in your cart (Update Cart).`],
    ]);
    expect(await snapshot(db())).toEqual(before);
  });

  it("derives a renewal's original effective date from the stored documents, whatever the client sends; compliance may set it", async () => {
    const broker = newBroker();
    const clientA = await clientWithDocument(broker, {
      answers: {
        amendmentToOriginal: true,
        originalEffectiveDate: '2019-01-01',
        amendmentEffectiveDate: '2025-06-01',
      },
    });
    const renewal = {
      ...clientA.form,
      ...PLAN_2026,
      amendmentToOriginal: false,
      amendmentEffectiveDate: '',
      originalEffectiveDate: '2015-01-01',
      clientId: clientA.clientId,
      originalDocumentId: clientA.documentId,
    };
    const added = await addToCart(broker, renewal);
    expect(added.statusCode).toBe(200);
    const { cartItemId } = added.json<{ cartItem: { cartItemId: string } }>().cartItem;
    expect(await cartForm(broker, cartItemId)).toMatchObject({ originalEffectiveDate: '2019-01-01' });

    // A bypass partner's renewal, saved at once: its PDFs print the plan's date, not the one sent.
    const bypass = companyRow('Bypass Effective Dates', { kind: 'strategic-partner' });
    await db().insertInto('company').values(bypass).execute();
    await db()
      .insertInto('partner_rule')
      .values(partnerRuleRow(bypass.company_id, RULE_TYPE.bypassShoppingCart, { bypass: true }))
      .execute();
    await makePartnerUser(db(), bypass.company_id, broker.userId);
    const partnerClient = await clientWithDocument(broker, {
      overrides: { strategic_partner_id: bypass.company_id },
    });
    const saved = await send(broker, 'POST', `/epop-document/${broker.userId}`, {
      ...partnerClient.form,
      ...PLAN_2026,
      originalEffectiveDate: '2015-01-01',
      clientId: partnerClient.clientId,
      originalDocumentId: partnerClient.documentId,
      strategicPartnerId: bypass.company_id,
    });
    expect(saved.statusCode).toBe(200);
    const savedId = saved.json<{ documentId: string }>().documentId;
    expect(saved.json()).toMatchObject({ form: { originalEffectiveDate: '2025-01-01' } });
    for (const section of ['plan-doc', 'plan-description', 'resolution']) {
      const pdf = await send(broker, 'GET', `/epop-document/${savedId}/download/${section}`);
      const text = (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, ' ');
      expect(text).toContain('01/01/2025');
      expect(text).not.toContain('01/01/2015');
    }
    // Its owner's later save keeps it, whatever it sends.
    const resaved = await send(broker, 'POST', `/epop-document/${savedId}`, {
      originalEffectiveDate: '2015-01-01',
    });
    expect(resaved.json()).toMatchObject({ form: { originalEffectiveDate: '2025-01-01' } });

    // Compliance renews another with a date of its own: kept, and the client's change log says so.
    const { compliance } = suite.parties.accounts;
    const clientC = await clientWithDocument(broker);
    const admin = await send(compliance, 'POST', `/epop-document/${compliance.userId}`, {
      ...clientC.form,
      ...PLAN_2026,
      originalEffectiveDate: '2015-01-01',
      clientId: clientC.clientId,
      originalDocumentId: clientC.documentId,
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ form: { originalEffectiveDate: '2015-01-01' } });
    const log = (await send(compliance, 'GET', `/client/${clientC.clientId}/change-log`)).json<
      { description: string }[]
    >();
    expect(log.map((row) => row.description)).toContainEqual(
      expect.stringContaining(
        'its original effective date set by compliance to 01/01/2015 (carried forward: 01/01/2025)',
      ),
    );
  });

  it("keeps an invited renewal's original effective date through Update invite, whatever the broker sends", async () => {
    const broker = newBroker();
    const clientA = await clientWithDocument(broker);
    const renewal = {
      ...clientA.form,
      ...PLAN_2026,
      originalEffectiveDate: '2015-01-01',
      clientId: clientA.clientId,
      originalDocumentId: clientA.documentId,
    };
    const sent = await invite(broker, renewal);
    expect(sent.statusCode).toBe(200);
    const { actionItemId, documentId } = sent.json<{ actionItemId: string; documentId: string }>();
    const storedDate = async () =>
      JSON.parse(
        (
          await db()
            .selectFrom('epop_document')
            .select('json')
            .where('document_id', '=', documentId)
            .executeTakeFirstOrThrow()
        ).json,
      ).originalEffectiveDate;
    expect(await storedDate()).toBe('2025-01-01');
    const updated = await send(broker, 'POST', `/epop-document/action-item/${actionItemId}`, {
      ...renewal,
      originalEffectiveDate: '2016-01-01',
    });
    expect(updated.statusCode).toBe(200);
    expect(await storedDate()).toBe('2025-01-01');
  });

  it('follows a chain of renewals made before they stored the date back to its first document, safe from cycles', async () => {
    const broker = newBroker();
    // 2023 (the first, not an amendment), then 2024 and 2025 renewals that stored no original effective date.
    const first = await clientWithDocument(broker, { planYear: { start: '2023-01-01', end: '2023-12-31' } });
    const chain = [first.documentId];
    for (const year of [2024, 2025]) {
      const form = {
        ...first.form,
        currentPlanYearStartDate: `${year}-01-01`,
        currentPlanYearEndDate: `${year}-12-31`,
      };
      const row = documentRow(broker.userId, first.clientId, {
        json: JSON.stringify({ ...form, originalDocumentId: chain.at(-1) }),
        plan_year_start: `${year}-01-01`,
        plan_year_end: `${year}-12-31`,
        original_document_id: chain.at(-1)!,
      });
      await db().insertInto('epop_document').values(row).execute();
      chain.push(row.document_id);
    }
    const latest = chain.at(-1)!;
    const draftForm = { ...first.form, ...PLAN_2026, clientId: first.clientId, originalDocumentId: latest };
    const added = await addToCart(broker, { ...draftForm, originalEffectiveDate: '2025-01-01' });
    expect(added.statusCode).toBe(200);
    const { cartItemId } = added.json<{ cartItem: { cartItemId: string } }>().cartItem;
    expect(await cartForm(broker, cartItemId)).toMatchObject({ originalEffectiveDate: '2023-01-01' });
    // The renewal form proposes the same date: the draft walks the chain too.
    const draft = await send(broker, 'GET', `/epop-document/${latest}/renew/${broker.userId}`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json<{ form: { originalEffectiveDate: string } }>().form.originalEffectiveDate).toBe(
      '2023-01-01',
    );

    // A cycle (the first document naming the last) ends, at the last document it had not seen.
    await db()
      .updateTable('epop_document')
      .set({ original_document_id: latest })
      .where('document_id', '=', first.documentId)
      .execute();
    expect(await carriedEffectiveDate(db(), latest)).toBe('2023-01-01');
    // The first document an amendment: its amendment effective date.
    await db()
      .updateTable('epop_document')
      .set({
        original_document_id: null,
        json: JSON.stringify({
          ...first.form,
          amendmentToOriginal: true,
          amendmentEffectiveDate: '2023-04-01',
        }),
      })
      .where('document_id', '=', first.documentId)
      .execute();
    expect(await carriedEffectiveDate(db(), latest)).toBe('2023-04-01');
  });
});
