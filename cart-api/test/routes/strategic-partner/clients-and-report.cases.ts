import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { productToday } from 'shared-domain';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { excelSheet } from '../../helpers/excel.js';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import { companyRow, documentRow } from '../../helpers/rows.js';

/**
 * A strategic partner's clients and its monthly report (specs/3-admin.md §2, §3, §7; issue 12): the
 * clients ten a page and all of them as an Excel file; the report's rows and its Excel file.
 */
describe("a strategic partner's clients and report", () => {
  const suite = seededTestApp();
  const compliance = () => suite.parties.accounts.compliance;
  const get = (url: string) => suite.ctx.send(compliance(), 'GET', url);

  async function newPartner(name: string) {
    const partner = companyRow(name, { kind: 'strategic-partner' });
    await suite.ctx.db.insertInto('company').values(partner).execute();
    return partner.company_id;
  }

  async function newClient(partnerId: string | null, name: string, extra: Record<string, unknown> = {}) {
    const row = {
      ...companyRow(name),
      strategic_partner_id: partnerId,
      city: 'Austin',
      state: 'TX',
      phone: '(512) 555-0100',
      address_line1: '1 Main Street',
      address_line2: 'Suite 2',
      zip_code: '73301',
      federal_tax_id: '12-3456789',
      ...extra,
    };
    await suite.ctx.db.insertInto('company').values(row).execute();
    return row.company_id;
  }

  it('lists the clients ten a page by name, with the broker and account id, and exports them all', async () => {
    const partnerId = await newPartner('Paging Partners');
    const brokerId = randomUUID();
    suite.ctx.identity.add({ userId: brokerId, firstName: 'Bea', lastName: 'Broker', role: 'broker' });
    // Twelve clients of the partner (two pages), one of another partner, one without a partner.
    for (let index = 12; index >= 1; index -= 1) {
      await newClient(partnerId, `Client ${String(index).padStart(2, '0')}`, {
        broker_user_id: index === 1 ? brokerId : null,
        strategic_partner_account_id: index === 1 ? 'ACC-001' : null,
      });
    }
    await newClient(await newPartner('Other Partners'), 'Client of another');
    await newClient(null, 'Client of no partner');

    const first = await get(`/strategic-partner/${partnerId}/client?page=1&pageSize=10`);
    expect(first.statusCode).toBe(200);
    const page = first.json<{ data: Record<string, unknown>[]; pages: number }>();
    expect(page.pages).toBe(2);
    expect(page.data).toHaveLength(10);
    expect(page.data[0]).toEqual({
      clientId: expect.any(String),
      name: 'Client 01',
      phone: '(512) 555-0100',
      strategicPartnerAccountId: 'ACC-001',
      broker: 'Bea Broker',
      city: 'Austin',
      state: 'TX',
      address: '1 Main Street, Suite 2',
      companyDetail: {
        name: 'Client 01',
        phone: '(512) 555-0100',
        federalTaxId: '12-3456789',
        addressLine1: '1 Main Street',
        addressLine2: 'Suite 2',
        city: 'Austin',
        state: 'TX',
        zipCode: '73301',
        notes: '',
      },
    });
    const second = (await get(`/strategic-partner/${partnerId}/client?page=2`)).json<{
      data: { name: string; broker: string; strategicPartnerAccountId: string }[];
    }>();
    expect(second.data.map((client) => client.name)).toEqual(['Client 11', 'Client 12']);
    expect(second.data[0]).toMatchObject({ broker: '', strategicPartnerAccountId: '' });

    const exported = await get(`/strategic-partner/${partnerId}/client?page=0&pageSize=0&export=true`);
    expect(exported.headers['content-disposition']).toContain('Paging Partners Clients.xlsx');
    const sheet = await excelSheet(exported);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Client Id',
      'Name',
      'Phone',
      'Account Id',
      'Broker',
      'Address',
      'City',
      'State',
      'Zip Code',
      'Federal Tax ID',
    ]);
    expect(sheet.rowCount).toBe(13);
    expect((sheet.getRow(2).values as unknown[]).slice(2)).toEqual([
      'Client 01',
      '(512) 555-0100',
      'ACC-001',
      'Bea Broker',
      '1 Main Street, Suite 2',
      'Austin',
      'TX',
      '73301',
      '12-3456789',
    ]);
    expect(sheet.getCell('B13').value).toBe('Client 12');
  });

  it('answers an empty list for a partner without clients, 404 for no partner, 400 for page 0', async () => {
    const partnerId = await newPartner('Lonely Partners');
    expect((await get(`/strategic-partner/${partnerId}/client`)).json()).toEqual({ data: [], pages: 0 });
    const empty = await excelSheet(
      await get(`/strategic-partner/${partnerId}/client?page=0&pageSize=0&export=true`),
    );
    expect(empty.rowCount).toBe(1);

    const client = await newClient(null, 'Not a partner');
    const missing = await get(`/strategic-partner/${client}/client`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Strategic partner not found' });
    const pageZero = await get(`/strategic-partner/${partnerId}/client?page=0&pageSize=0`);
    expect(pageZero.statusCode).toBe(400);
    expect(pageZero.json()).toEqual({
      message: 'Page and page size must be at least 1 (page=0&pageSize=0 only with export=true)',
    });
  });

  describe('the report', () => {
    /** A document of the partner's client, with its order when `paid` says so. */
    async function sale(
      partnerId: string,
      clientName: string,
      {
        paidAt,
        createdAt = paidAt ?? '2026-03-10T15:00:00.000Z',
        priceCents = 37_500,
        method = 'card',
        renewal = false,
        free = false,
        returned = false,
      }: {
        paidAt?: string;
        createdAt?: string;
        priceCents?: number;
        method?: 'card' | 'ach' | null;
        renewal?: boolean;
        free?: boolean;
        returned?: boolean;
      },
    ) {
      const clientId = await newClient(partnerId, clientName, { city: 'Denver', state: 'CO' });
      const owner = suite.parties.accounts.brokerA.userId;
      const original = renewal ? documentRow(owner, clientId, { active: 0 }) : null;
      if (original) await suite.ctx.db.insertInto('epop_document').values(original).execute();
      const document = documentRow(owner, clientId, {
        strategic_partner_id: partnerId,
        created_at: createdAt,
        plan_year_start: '2026-04-01',
        plan_year_end: '2027-03-31',
        free: free ? 1 : 0,
        original_document_id: original?.document_id ?? null,
      });
      await suite.ctx.db.insertInto('epop_document').values(document).execute();
      if (paidAt) {
        const orderId = randomUUID();
        await suite.ctx.db
          .insertInto('orders')
          .values({
            order_id: orderId,
            order_number: `R${randomUUID().slice(0, 8)}`,
            user_id: owner,
            ordered_by: 'Report Buyer',
            ordered_by_email: 'buyer@report.test',
            transaction_id: method ? 'TXN-report' : null,
            payment_method: method,
            total_cents: priceCents,
            is_new: 0,
            paid_at: paidAt,
            receipt: null,
            created_at: paidAt,
          })
          .execute();
        await suite.ctx.db
          .insertInto('order_item')
          .values({
            order_item_id: randomUUID(),
            order_id: orderId,
            product_id: EPOP_PRODUCT.product_id,
            product_type: EPOP_PRODUCT.name,
            display_text: `${EPOP_PRODUCT.name} - ${clientName}`,
            document_id: document.document_id,
            client_company_id: clientId,
            broker_name: null,
            price_cents: priceCents,
            returned: returned ? 1 : 0,
          })
          .execute();
      }
      return document.document_id;
    }

    it("answers the month's sales in New York time, new and renewal, and the same rows as Excel", async () => {
      const partnerId = await newPartner('Report Partners');
      // Paid 11:30 pm on February 28th in New York (March 1st in UTC): February's, not March's.
      await sale(partnerId, 'February Late Co', { paidAt: '2026-03-01T04:30:00.000Z' });
      const card = await sale(partnerId, 'Card Co', {
        paidAt: '2026-03-02T15:00:00.000Z',
        createdAt: '2026-02-20T15:00:00.000Z',
      });
      const ach = await sale(partnerId, 'Ach Renewal Co', {
        paidAt: '2026-03-15T15:00:00.000Z',
        method: 'ach',
        priceCents: 30_000,
        renewal: true,
      });
      const promo = await sale(partnerId, 'Promo Co', {
        paidAt: '2026-03-20T15:00:00.000Z',
        method: null,
        priceCents: 0,
      });
      const bypass = await sale(partnerId, 'Bypass Co', {
        createdAt: '2026-03-25T15:00:00.000Z',
        free: true,
      });
      // Paid 11:30 pm on March 31st in New York: March's.
      const late = await sale(partnerId, 'March Late Co', { paidAt: '2026-04-01T03:30:00.000Z' });
      // Not sales of the month: returned, April's, another partner's.
      await sale(partnerId, 'Returned Co', { paidAt: '2026-03-05T15:00:00.000Z', returned: true });
      await sale(partnerId, 'April Co', { paidAt: '2026-04-02T15:00:00.000Z' });
      await sale(await newPartner('Elsewhere'), 'Elsewhere Co', { paidAt: '2026-03-05T15:00:00.000Z' });

      const report = await get(`/strategic-partner/${partnerId}/report?month=3&year=2026`);
      expect(report.statusCode).toBe(200);
      const rows = report.json<Record<string, unknown>[]>();
      expect(rows.map((row) => row.documentId)).toEqual([card, ach, promo, bypass, late]);
      expect(rows[0]).toEqual({
        documentId: card,
        clientCompanyName: 'Card Co',
        city: 'Denver',
        state: 'CO',
        createdDate: '2026-02-20T15:00:00.000Z',
        currentPlanYearStartDate: '2026-04-01',
        price: 375,
        paymentMethod: 'Credit Card',
        newOrRenewal: 'New',
      });
      expect(
        rows.map((row) => [row.clientCompanyName, row.price, row.paymentMethod, row.newOrRenewal]),
      ).toEqual([
        ['Card Co', 375, 'Credit Card', 'New'],
        ['Ach Renewal Co', 300, 'ACH', 'Renewal'],
        ['Promo Co', 0, 'Free', 'New'],
        ['Bypass Co', 0, 'No Purchase', 'New'],
        ['March Late Co', 375, 'Credit Card', 'New'],
      ]);
      const february = (await get(`/strategic-partner/${partnerId}/report?month=2&year=2026`)).json<
        { clientCompanyName: string }[]
      >();
      expect(february.map((row) => row.clientCompanyName)).toEqual(['February Late Co']);

      const excel = await get(`/strategic-partner/${partnerId}/report/excel?month=3&year=2026`);
      expect(excel.headers['content-disposition']).toContain('Report Partners Report 2026-03.xlsx');
      const sheet = await excelSheet(excel);
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        'Document Id',
        'Client',
        'City',
        'State',
        'Created',
        'Plan Year Start',
        'Price',
        'Payment Method',
        'New or Renewal',
      ]);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.rowCount).toBe(6);
      expect(sheet.getRow(2).values).toEqual([
        undefined,
        card,
        'Card Co',
        'Denver',
        'CO',
        new Date(Date.UTC(2026, 1, 20)),
        new Date(Date.UTC(2026, 3, 1)),
        375,
        'Credit Card',
        'New',
      ]);
      expect(sheet.getCell('G2').numFmt).toBe('"$"#,##0.00');
      expect(sheet.getCell('E2').numFmt).toBe('mm/dd/yyyy');
      expect(sheet.getCell('I3').value).toBe('Renewal');
    });

    it('refuses a month 13, a year 2016 or next year, and no partner, changing nothing', async () => {
      const partnerId = await newPartner('Strict Partners');
      const nextYear = Number(productToday().slice(0, 4)) + 1;
      const before = await snapshot(suite.ctx.db);
      for (const path of ['report', 'report/excel']) {
        const month = await get(`/strategic-partner/${partnerId}/${path}?month=13&year=2026`);
        expect(month.statusCode).toBe(400);
        expect(month.json()).toMatchObject({ type: 'validation' });
        const old = await get(`/strategic-partner/${partnerId}/${path}?month=1&year=2016`);
        expect(old.statusCode).toBe(400);
        expect(old.json()).toMatchObject({ type: 'validation' });
        const future = await get(`/strategic-partner/${partnerId}/${path}?month=1&year=${nextYear}`);
        expect(future.statusCode).toBe(400);
        expect(future.json()).toEqual({
          type: 'validation',
          errors: [`Year must be from 2017 to ${nextYear - 1}`],
        });
        const none = await get(`/strategic-partner/${randomUUID()}/${path}?month=1&year=2026`);
        expect(none.statusCode).toBe(404);
      }
      expect(await snapshot(suite.ctx.db)).toEqual(before);
    });
  });
});
