import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { documentForm, exampleForm, planYearAfter } from '../../helpers/documents.js';
import { seededTestApp, snapshot, type Account } from '../../helpers/parties.js';
import { companyRow } from '../../helpers/rows.js';

// The specs' doubled path: `POST epop-document/{userId}` creates, `POST epop-document/{documentId}` saves.
describe('POST /epop-document/:userId|:documentId (save a document)', () => {
  const suite = seededTestApp();

  const post = async (account: Account, id: string, payload: object) =>
    suite.ctx.app.inject({
      method: 'POST',
      url: `/epop-document/${id}`,
      headers: { authorization: await suite.ctx.bearer(account) },
      payload,
    });
  const get = async (account: Account, id: string) =>
    (
      await suite.ctx.app.inject({
        method: 'GET',
        url: `/epop-document/${id}`,
        headers: { authorization: await suite.ctx.bearer(account) },
      })
    ).json<Record<string, unknown>>();

  /** Refused, in the catalogue's validation format, and nothing changed. */
  async function expectRefused(account: Account, id: string, payload: object, errors: string[]) {
    const before = await snapshot(suite.ctx.db);
    const response = await post(account, id, payload);
    expect([response.statusCode, response.json()]).toEqual([400, { type: 'validation', errors }]);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  }

  async function markPaid(documentId: string, form: object) {
    await suite.ctx.db
      .updateTable('epop_document')
      .set({ status: 'Paid', json: JSON.stringify(form) })
      .where('document_id', '=', documentId)
      .execute();
  }

  it("creates a free document for a user when compliance asks ('Create Free Document'), with a new client company", async () => {
    const { accounts } = suite.parties;
    const owner = accounts.brokerB.userId;
    const response = await post(
      accounts.compliance,
      owner,
      documentForm({ clientCompanyName: 'Orchard Dental' }),
    );
    expect(response.statusCode).toBe(200);
    const created = response.json<Record<string, unknown>>();
    expect(created).toMatchObject({
      name: 'POP Document',
      status: 'Paid',
      ...planYearAfter(),
      form: { clientCompanyName: 'Orchard Dental', federalTaxId: '12-3456789', isERISA: true },
    });
    // The owner sees it on their dashboard, for its new client company.
    const list = await get(accounts.brokerB, owner);
    expect(list.data).toContainEqual(
      expect.objectContaining({
        documentId: created.documentId,
        name: 'Orchard Dental',
        clientId: created.clientId,
      }),
    );
    const row = await suite.ctx.db
      .selectFrom('epop_document')
      .select(['free', 'created_by', 'owner_user_id'])
      .where('document_id', '=', created.documentId as string)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ free: 1, created_by: accounts.compliance.userId, owner_user_id: owner });
  });

  it('creates it for an existing client, and refuses a client or partner that does not exist', async () => {
    const { accounts, records } = suite.parties;
    const response = await post(
      accounts.compliance,
      accounts.brokerA.userId,
      documentForm({ clientId: records.brokerA.companyId }),
    );
    expect(response.json()).toMatchObject({ clientId: records.brokerA.companyId });
    await expectRefused(
      accounts.compliance,
      accounts.brokerA.userId,
      documentForm({ clientId: randomUUID() }),
      ['Client not found'],
    );
    await expectRefused(
      accounts.compliance,
      accounts.brokerA.userId,
      documentForm({ strategicPartnerId: records.brokerA.companyId }),
      ['Strategic partner not found'],
    );
  });

  it('refuses a document without a purchase to anyone but compliance (403), and another user’s (404)', async () => {
    const { accounts } = suite.parties;
    const before = await snapshot(suite.ctx.db);
    const own = await post(accounts.brokerA, accounts.brokerA.userId, documentForm());
    expect([own.statusCode, own.json()]).toEqual([
      403,
      {
        message:
          'Only compliance can create a document without a purchase: add it to the cart or send an invite',
      },
    ]);
    const foreign = await post(accounts.employerA, accounts.brokerA.userId, documentForm());
    expect(foreign.statusCode).toBe(404);
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });

  it("runs the form's rules (specs/2-documents.md §5) with the form's messages, and drops hidden fields", async () => {
    const { accounts } = suite.parties;
    await expectRefused(
      accounts.compliance,
      accounts.brokerA.userId,
      documentForm({
        primaryEmail: '',
        zipCode: '1234',
        currentPlanYearStartDate: '2027-01-01',
        currentPlanYearEndDate: '2028-01-15',
      }),
      [
        'Primary e-mail is required',
        expect.stringMatching(/zip/i) as unknown as string,
        'Plan year cannot be greater than 12 months. Did you mean 01/01/2027 to 12/31/2027?',
      ],
    );
    await expectRefused(
      accounts.compliance,
      accounts.brokerA.userId,
      documentForm({ currentPlanYearStartDate: '2027-03-01', currentPlanYearEndDate: '2027-01-01' }),
      ['Plan Year Start Date must be before Plan Year End Date'],
    );
    // The ERISA plan number shows only for an ERISA plan (not exempt): an exempt one keeps none.
    const saved = await post(
      accounts.compliance,
      accounts.brokerA.userId,
      documentForm({ isERISA: false, erisaPlanNumber: '501' }),
    );
    expect(saved.json<{ form: object }>().form).not.toHaveProperty('erisaPlanNumber');
  });

  it('requires the agent number on the documents of a Colonial partner', async () => {
    const { accounts } = suite.parties;
    const colonial = { ...companyRow('Colonial Partner', { kind: 'strategic-partner' }), colonial: 1 };
    await suite.ctx.db.insertInto('company').values(colonial).execute();
    await expectRefused(
      accounts.compliance,
      accounts.brokerA.userId,
      documentForm({ strategicPartnerId: colonial.company_id }),
      ['Agent number is required'],
    );
    const saved = await post(
      accounts.compliance,
      accounts.brokerA.userId,
      documentForm({ strategicPartnerId: colonial.company_id, agentNumber: 'AG-77' }),
    );
    expect(saved.json()).toMatchObject({ form: { agentNumber: 'AG-77' } });
  });

  // The parties' documents are purchased: a save keeps their plan year (exampleForm's, 2027).
  it("saves a document's changes for its broker, and answers the saved document", async () => {
    const { accounts, records } = suite.parties;
    const response = await post(
      accounts.brokerA,
      records.brokerA.documentId,
      exampleForm({ clientCompanyName: 'Renamed Dental', vision: true }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      documentId: records.brokerA.documentId,
      form: { clientCompanyName: 'Renamed Dental', vision: true },
    });
    expect(await get(accounts.brokerA, records.brokerA.documentId)).toMatchObject({
      form: { clientCompanyName: 'Renamed Dental' },
    });
    // Another broker's document reads like a missing one.
    const foreign = await post(accounts.brokerB, records.brokerA.documentId, exampleForm());
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps what only compliance may change on a purchased document: plan year, account id, agent number', async () => {
    const { accounts, records } = suite.parties;
    const documentId = records.employerA.documentId;
    await markPaid(documentId, exampleForm({ accountId: 'ACC-1' }));
    await expectRefused(
      accounts.employerA,
      documentId,
      exampleForm({ currentPlanYearStartDate: '2027-02-01', currentPlanYearEndDate: '2028-01-31' }),
      ['The plan year of a purchased document can only be changed by compliance'],
    );
    await expectRefused(accounts.employerA, documentId, exampleForm({ accountId: 'ACC-2' }), [
      'Account id can only be changed by compliance',
    ]);
    // Left out, the account id keeps its stored value.
    const kept = await post(accounts.employerA, documentId, exampleForm({ city: 'Dallas' }));
    expect(kept.json()).toMatchObject({ form: { accountId: 'ACC-1', city: 'Dallas' } });
    // The body is a patch: every field left out keeps its stored value, plan year included.
    const patched = await post(accounts.employerA, documentId, { city: 'Austin' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      currentPlanYearStartDate: '2027-01-01',
      form: { accountId: 'ACC-1', city: 'Austin', clientCompanyName: exampleForm().clientCompanyName },
    });
    // Compliance may change them all.
    const moved = await post(
      accounts.compliance,
      documentId,
      exampleForm({
        accountId: 'ACC-2',
        currentPlanYearStartDate: '2027-02-01',
        currentPlanYearEndDate: '2028-01-31',
      }),
    );
    expect(moved.json()).toMatchObject({
      currentPlanYearStartDate: '2027-02-01',
      currentPlanYearEndDate: '2028-01-31',
      form: { accountId: 'ACC-2' },
    });
  });

  it('refuses changes to an inactive document', async () => {
    const { accounts, records } = suite.parties;
    await suite.ctx.db
      .updateTable('epop_document')
      .set({ active: 0 })
      .where('document_id', '=', records.employerB.documentId)
      .execute();
    await expectRefused(accounts.compliance, records.employerB.documentId, documentForm(), [
      'This document is read-only and cannot be changed',
    ]);
  });
  it('refuses a save of a document that still needs a purchase, except from compliance (§4 save logic)', async () => {
    const { accounts, records } = suite.parties;
    const documentId = records.brokerA.documentId;
    await suite.ctx.db
      .updateTable('epop_document')
      .set({ status: 'Unpaid' })
      .where('document_id', '=', documentId)
      .execute();
    await expectRefused(accounts.brokerA, documentId, documentForm(), [
      'This document has not been purchased yet: change it in the cart (Update Cart) or through its invite',
    ]);
    expect((await post(accounts.compliance, documentId, documentForm())).statusCode).toBe(200);
  });
});
