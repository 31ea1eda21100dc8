import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { demoAccount } from 'shared-domain';
import type { DocumentPage } from '../../../src/contract/epop-document.js';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { demoId, seedDemo } from '../../../src/demo/seed.js';
import { buildTestApp, type TestContext } from '../../helpers/build.js';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { companyRow } from '../../helpers/rows.js';

describe("GET /epop-document/:userId ('My POP Documents')", () => {
  let ctx: TestContext;
  const broker = demoAccount('demo.broker');
  const employer = demoAccount('demo.employer');
  const compliance = demoAccount('demo.compliance');
  const otherBroker = { userId: randomUUID(), roles: ['broker'] };

  beforeAll(async () => {
    ctx = await buildTestApp();
    await seedDemo(ctx.db);
    // Another broker's document, for a client whose name also matches the demo broker's searches.
    const now = new Date().toISOString();
    const clientId = randomUUID();
    await ctx.db
      .insertInto('company')
      .values({
        ...companyRow('Acme Landscaping Inc of Nevada', { brokerUserId: otherBroker.userId }),
        company_id: clientId,
      })
      .execute();
    await ctx.db
      .insertInto('epop_document')
      .values({
        document_id: randomUUID(),
        product_id: EPOP_PRODUCT.product_id,
        owner_user_id: otherBroker.userId,
        client_company_id: clientId,
        strategic_partner_id: null,
        name: 'POP Document',
        plan_year_start: '2027-01-01',
        plan_year_end: '2027-12-31',
        status: 'Unpaid',
        json: '{}',
        active: 1,
        created_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const list = async (account: { userId: string; roles: readonly string[] }, userId: string, query = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/epop-document/${userId}${query}`,
      headers: { authorization: await ctx.bearer(account) },
    });
    return { statusCode: response.statusCode, body: response.json<DocumentPage>() };
  };

  it("lists a broker's documents and no other broker's, newest first, in pages of ten", async () => {
    // The demo broker's: the twelve they bought for their clients and the two their items ask to buy.
    const theirs = await ctx.db
      .selectFrom('epop_document as d')
      .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
      .select('d.document_id')
      .where('d.active', '=', 1)
      .where((eb) =>
        eb.or([eb('d.owner_user_id', '=', broker.userId), eb('c.broker_user_id', '=', broker.userId)]),
      )
      .execute();
    expect(theirs.length).toBeGreaterThan(10);
    const first = await list(broker, broker.userId);
    const second = await list(broker, broker.userId, '?page=2&pageSize=10');
    expect(first.statusCode).toBe(200);
    expect(first.body.pages).toBe(Math.ceil(theirs.length / 10));
    const rows = [...first.body.data, ...second.body.data];
    expect(rows.map((r) => r.documentId).sort()).toEqual(theirs.map((row) => row.document_id).sort());
    expect(rows.map((r) => r.name)).not.toContain('Acme Landscaping Inc of Nevada');
    expect(rows.map((r) => r.name)).not.toContain(employer.companyName);
    const created = rows.map((r) => r.createdDate);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('answers rows in the shape of the specs, with the receipt link only for paid orders with a receipt', async () => {
    const { body } = await list(broker, broker.userId, '?pageSize=100');
    expect(body.data.find((row) => row.orderNumber === '100001')).toEqual({
      documentId: expect.any(String),
      orderId: expect.any(String),
      orderNumber: '100001',
      name: 'Acme Landscaping Inc',
      clientId: expect.any(String),
      startDate: expect.stringMatching(/^\d{4}-\d\d-01$/),
      endDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      showUserReceipt: true,
      status: 'Paid',
      isReadOnly: false,
      deactivated: false,
      // Its plan year started this month or next: more than 90 days to go.
      readyForRenewal: false,
    });
    // Two of the demo broker's orders were free: no payment, so no receipt (and unpaid documents have no order).
    expect(
      body.data.filter((r) => r.orderNumber !== null && !r.showUserReceipt).map((r) => r.orderNumber),
    ).toEqual(['100005', '100010']);
  });

  it('searches by client company name, case-insensitively', async () => {
    const { body } = await list(broker, broker.userId, '?searchText=acme');
    expect(body).toEqual({ data: [expect.objectContaining({ name: 'Acme Landscaping Inc' })], pages: 1 });
  });

  it("lists the documents of an employer's companies, theirs and demo.broker's of Keystone Accounting", async () => {
    const { statusCode, body } = await list(employer, employer.userId);
    expect(statusCode).toBe(200);
    expect(body.pages).toBe(1);
    expect(body.data.map((r) => [r.name, r.status, r.showUserReceipt])).toEqual([
      [employer.companyName, 'Paid', true],
      ['Keystone Accounting', 'Paid', true],
      [employer.companyName, 'Paid', true],
    ]);
  });

  // Another user's list reads like a record that is not there (issue 8 §3: no existence leak).
  it("answers 404 when a broker asks for another user's documents", async () => {
    for (const userId of [otherBroker.userId, employer.userId]) {
      const { statusCode, body } = await list(broker, userId);
      expect(statusCode).toBe(404);
      expect(body).toEqual({ message: 'Not found' });
    }
    expect((await list(otherBroker, broker.userId)).statusCode).toBe(404);
  });

  it('lets the demo employer open the documents of the company the demo seed links them to', async () => {
    const documentId = demoId('employer document 0');
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/epop-document/${documentId}`,
      headers: { authorization: await ctx.bearer(employer) },
    });
    expect(response.json()).toMatchObject({ documentId, clientId: demoId('client employer') });
  });

  it("lets compliance see any user's documents", async () => {
    // The list is the one that user sees: a broker's, by the role identity-api gives them.
    ctx.identity.add({ userId: otherBroker.userId, role: 'broker' });
    const { statusCode, body } = await list(compliance, otherBroker.userId);
    expect(statusCode).toBe(200);
    expect(body.data.map((r) => r.name)).toEqual(['Acme Landscaping Inc of Nevada']);
    expect(body.data[0]?.orderId).toBeNull();
    expect(body.data[0]?.showUserReceipt).toBe(false);
  });

  it('answers the validation format for a bad page size', async () => {
    const { statusCode, body } = await list(broker, broker.userId, '?pageSize=1000');
    expect(statusCode).toBe(400);
    expect(body).toEqual({ type: 'validation', errors: ['pageSize must be <= 100'] });
  });

  it.each(['1e300', '99999999999999999999'])('answers the validation format for page=%s', async (page) => {
    const { statusCode, body } = await list(broker, broker.userId, `?page=${page}`);
    expect(statusCode).toBe(400);
    expect(body).toEqual({ type: 'validation', errors: ['page must be <= 1000000'] });
  });

  it('answers the last allowed page, empty', async () => {
    const { statusCode, body } = await list(broker, broker.userId, '?page=1000000&pageSize=100');
    expect(statusCode).toBe(200);
    expect(body.data).toEqual([]);
  });
});

// The specs' doubled path: `epop-document/{documentId}` is the same route as the list.
describe('GET /epop-document/:documentId (one document)', () => {
  const suite = seededTestApp();

  const get = async (account: Account, id: string, query = '') =>
    suite.ctx.app.inject({
      method: 'GET',
      url: `/epop-document/${id}${query}`,
      headers: { authorization: await suite.ctx.bearer(account) },
    });

  it('answers the document as the table holds it to its broker', async () => {
    const { accounts, records } = suite.parties;
    const response = await get(
      accounts.brokerA,
      records.brokerA.documentId,
      `?userId=${accounts.brokerA.userId}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      documentId: records.brokerA.documentId,
      clientId: records.brokerA.companyId,
      name: 'POP Document',
      currentPlanYearStartDate: '2027-01-01',
      currentPlanYearEndDate: '2027-12-31',
      status: 'Paid',
      form: { clientCompanyName: 'x' },
      colonial: { noPayOptions: [] },
      createdDate: expect.any(String),
      strategicPartnerId: null,
      partner: null,
      brokerId: accounts.brokerA.userId,
      isReadOnly: false,
      requiresPurchase: false,
      originalDocumentId: null,
      readyForRenewal: false,
      hasReceipt: expect.any(Boolean),
      orderId: expect.any(String),
      inviteActionItemId: null,
      deactivated: false,
      // Compliance's note is compliance's: a broker gets null; so is its reason for a plan year
      // before the order day (there is none here).
      notes: null,
      retroactiveReason: null,
    });
  });

  it("answers an employer their company's document, compliance any", async () => {
    const { accounts, records } = suite.parties;
    expect((await get(accounts.employerA, records.employerA.documentId)).json()).toMatchObject({
      documentId: records.employerA.documentId,
    });
    expect((await get(accounts.compliance, records.employerB.documentId)).json()).toMatchObject({
      documentId: records.employerB.documentId,
    });
  });

  it('answers a foreign document exactly like a missing one', async () => {
    const { accounts, records } = suite.parties;
    const foreign = await get(accounts.brokerA, records.brokerB.documentId);
    const missing = await get(accounts.brokerA, randomUUID());
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { message: 'Not found' }]);
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Not found' }]);
    const missingForCompliance = await get(accounts.compliance, randomUUID());
    // To compliance a missing document is a user id with no documents: an empty list.
    expect(missingForCompliance.json()).toEqual({ data: [], pages: 0 });
  });

  it('still answers the list for a user id on the same route', async () => {
    const { accounts, records } = suite.parties;
    const response = await get(accounts.employerB, accounts.employerB.userId);
    expect(response.json()).toMatchObject({ pages: 1, data: [{ documentId: records.employerB.documentId }] });
  });
});
