import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { seededTestApp, type Account } from '../../helpers/parties.js';
import { companyRow, daysFromToday, documentRow } from '../../helpers/rows.js';

/** The client details page's calls: GET client/{clientId} and GET client/{clientId}/document. */
describe('client/{clientId}', () => {
  const suite = seededTestApp();

  const get = async (account: Account, url: string) =>
    suite.ctx.app.inject({ method: 'GET', url, headers: { authorization: await suite.ctx.bearer(account) } });

  /** A client of broker A with every company field filled in. */
  async function detailedClient() {
    const client = {
      ...companyRow('Harbor View Dental LLC', { brokerUserId: suite.parties.accounts.brokerA.userId }),
      address_line1: '12 Pier Road',
      address_line2: 'Suite 4',
      city: 'Portland',
      state: 'ME',
      zip_code: '04101-1234',
      phone: '(207) 555-0100',
      federal_tax_id: '12-3456789',
      legal_entity_type: 'LLC',
      state_of_legal_construction: 'DE',
      strategic_partner_id: suite.parties.partnerId,
      strategic_partner_account_id: 'HV-100',
      notes: 'Prefers e-mail',
      erisa_account: 1,
    };
    await suite.ctx.db.insertInto('company').values(client).execute();
    return client.company_id;
  }

  it("answers the client's company details, partner, account id, ERISA flag and broker", async () => {
    const clientId = await detailedClient();
    const { brokerA } = suite.parties.accounts;
    const broker = suite.ctx.identity.users.get(brokerA.userId)!;
    const partner = await suite.ctx.db
      .selectFrom('company')
      .select('name')
      .where('company_id', '=', suite.parties.partnerId)
      .executeTakeFirstOrThrow();
    const answer = await get(brokerA, `/client/${clientId}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      clientId,
      brokerId: brokerA.userId,
      broker: `${broker.firstName} ${broker.lastName}`,
      brokerEmail: broker.email,
      legalEntityType: 'LLC',
      stateOfLegalConstruction: 'DE',
      strategicPartnerId: suite.parties.partnerId,
      strategicPartner: partner.name,
      strategicPartnerAccountId: 'HV-100',
      erisaAccount: true,
      companyDetail: {
        name: 'Harbor View Dental LLC',
        addressLine1: '12 Pier Road',
        addressLine2: 'Suite 4',
        city: 'Portland',
        state: 'ME',
        zipCode: '04101-1234',
        phone: '(207) 555-0100',
        federalTaxId: '12-3456789',
        legalEntityType: 'LLC',
        stateOfLegalConstruction: 'DE',
        notes: 'Prefers e-mail',
      },
    });
    // Nothing recorded: empty texts, not nulls; no partner, no ERISA.
    const bare = await get(
      suite.parties.accounts.brokerB,
      `/client/${suite.parties.records.brokerB.companyId}`,
    );
    expect(bare.json()).toMatchObject({
      companyDetail: { addressLine2: '', federalTaxId: '', notes: '' },
      strategicPartnerId: null,
      strategicPartner: '',
      strategicPartnerAccountId: '',
      erisaAccount: false,
    });
  });

  it('lists the active documents of the client, whoever ordered them, newest first, with their order and creator', async () => {
    const clientId = await detailedClient();
    const { brokerA, compliance } = suite.parties.accounts;
    const creator = suite.ctx.identity.add({ userId: compliance.userId, userName: 'pat.compliance' });
    const at = (day: number) => `2026-03-0${day}T12:00:00.000Z`;
    const older = documentRow(brokerA.userId, clientId, { created_at: at(1), status: 'Unpaid' });
    const newer = documentRow(compliance.userId, clientId, {
      created_at: at(3),
      plan_year_start: '2026-07-01',
      plan_year_end: '2027-06-30',
      created_by: compliance.userId,
    });
    const inactive = documentRow(brokerA.userId, clientId, {
      created_at: at(5),
      active: 0,
      status: 'Inactive',
    });
    await suite.ctx.db.insertInto('epop_document').values([older, newer, inactive]).execute();
    // The newer one was paid for by order 700123.
    const orderId = randomUUID();
    await suite.ctx.db
      .insertInto('orders')
      .values({
        order_id: orderId,
        order_number: '700123',
        user_id: compliance.userId,
        ordered_by: 'Pat Compliance',
        ordered_by_email: 'pat@example.com',
        transaction_id: 'TXN-700123',
        payment_method: 'card',
        total_cents: 30_000,
        is_new: 1,
        paid_at: at(3),
        receipt: '<p>receipt</p>',
        created_at: at(3),
      })
      .execute();
    await suite.ctx.db
      .insertInto('order_item')
      .values({
        order_item_id: randomUUID(),
        order_id: orderId,
        product_id: newer.product_id,
        product_type: 'POP Document',
        display_text: 'POP Document',
        document_id: newer.document_id,
        client_company_id: clientId,
        broker_name: null,
        price_cents: 30_000,
        returned: 0,
      })
      .execute();

    const answer = await get(brokerA, `/client/${clientId}/document`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      {
        documentId: newer.document_id,
        orderId,
        orderNumber: '700123',
        showUserReceipt: true,
        name: 'POP Document',
        currentPlanYearStartDate: '2026-07-01',
        currentPlanYearEndDate: '2027-06-30',
        status: 'Paid',
        createdDate: at(3),
        createdBy: creator.userName,
        isReadOnly: false,
        deactivated: false,
        // Whether it is ready depends on today's date: the next test pins it.
        readyForRenewal: expect.any(Boolean),
      },
      {
        documentId: older.document_id,
        orderId: null,
        orderNumber: '',
        showUserReceipt: false,
        name: 'POP Document',
        currentPlanYearStartDate: '2027-01-01',
        currentPlanYearEndDate: '2027-12-31',
        status: 'Unpaid',
        createdDate: at(1),
        createdBy: '',
        isReadOnly: false,
        deactivated: false,
        readyForRenewal: false,
      },
    ]);
    // Compliance sees the deactivated one too.
    const all = await get(compliance, `/client/${clientId}/document`);
    expect(all.json<{ documentId: string; status: string }[]>().map((row) => row.status)).toEqual([
      'Inactive',
      'Paid',
      'Unpaid',
    ]);
  });

  it('says of each document what the actions menu needs: read-only, deactivated, ready for renewal', async () => {
    const clientId = await detailedClient();
    const { brokerA, compliance } = suite.parties.accounts;
    const endingIn = (days: number, overrides: Parameters<typeof documentRow>[2] = {}) =>
      documentRow(brokerA.userId, clientId, {
        plan_year_start: daysFromToday(days - 364),
        plan_year_end: daysFromToday(days),
        ...overrides,
      });
    const ready = endingIn(30);
    const early = endingIn(200);
    const renewed = endingIn(30);
    const renewal = endingIn(395, { original_document_id: renewed.document_id });
    const processing = endingIn(30, { status: 'Processing' });
    const deactivated = endingIn(30, { status: 'Inactive', active: 0, status_before_inactive: 'Paid' });
    await suite.ctx.db
      .insertInto('epop_document')
      .values([ready, early, renewed, renewal, processing, deactivated])
      .execute();

    const rows = (await get(compliance, `/client/${clientId}/document`)).json<
      { documentId: string; isReadOnly: boolean; deactivated: boolean; readyForRenewal: boolean }[]
    >();
    const state = (documentId: string) => {
      const {
        isReadOnly,
        deactivated: off,
        readyForRenewal,
      } = rows.find((row) => row.documentId === documentId)!;
      return { isReadOnly, deactivated: off, readyForRenewal };
    };
    expect(state(ready.document_id)).toEqual({
      isReadOnly: false,
      deactivated: false,
      readyForRenewal: true,
    });
    expect(state(early.document_id)).toEqual({
      isReadOnly: false,
      deactivated: false,
      readyForRenewal: false,
    });
    // Renewed already: not offered renewal again.
    expect(state(renewed.document_id)).toEqual({
      isReadOnly: false,
      deactivated: false,
      readyForRenewal: false,
    });
    expect(state(processing.document_id)).toEqual({
      isReadOnly: true,
      deactivated: false,
      readyForRenewal: false,
    });
    expect(state(deactivated.document_id)).toEqual({
      isReadOnly: true,
      deactivated: true,
      readyForRenewal: false,
    });
  });

  it("is the client's broker's, its linked employers' and compliance's; anyone else gets 404 'Client not found'", async () => {
    const { accounts, records, partnerId } = suite.parties;
    expect((await get(accounts.employerA, `/client/${records.employerA.companyId}`)).statusCode).toBe(200);
    expect((await get(accounts.compliance, `/client/${records.brokerB.companyId}/document`)).statusCode).toBe(
      200,
    );
    for (const [account, url] of [
      [accounts.brokerA, `/client/${records.brokerB.companyId}`],
      [accounts.employerA, `/client/${records.brokerA.companyId}/document`],
      [accounts.compliance, `/client/${randomUUID()}`],
      [accounts.compliance, `/client/${partnerId}`],
    ] as const) {
      const answer = await get(account, url);
      expect([url, answer.statusCode, answer.json()]).toEqual([url, 404, { message: 'Client not found' }]);
    }
  });

  it("records compliance's views for 'Recently Viewed', latest first, and nobody else's", async () => {
    const { accounts, records } = suite.parties;
    await get(accounts.compliance, `/client/${records.brokerA.companyId}`);
    await get(accounts.compliance, `/client/${records.employerB.companyId}`);
    await get(accounts.compliance, `/client/${records.brokerA.companyId}`);
    const recent = await get(accounts.compliance, '/client/recently-viewed');
    expect(recent.json<{ clientId: string }[]>().map((row) => row.clientId)).toEqual([
      records.brokerA.companyId,
      records.employerB.companyId,
    ]);
    await get(accounts.brokerA, `/client/${records.brokerA.companyId}`);
    const views = await suite.ctx.db.selectFrom('client_view').select('user_id').execute();
    expect(views.every((view) => view.user_id === accounts.compliance.userId)).toBe(true);
  });
});
