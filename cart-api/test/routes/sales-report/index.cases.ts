import { randomUUID } from 'node:crypto';
import { describe, expect, it, beforeAll } from '@jest/globals';
import { EPOP_PRODUCT } from '../../../src/db/reference-data.js';
import { REPORTS_MESSAGES } from '../../../src/domain/reports/messages.js';
import { excelSheet } from '../../helpers/excel.js';
import { seededTestApp } from '../../helpers/parties.js';
import { companyRow, documentRow } from '../../helpers/rows.js';

/** The weekly order report (specs/3-admin.md §2 Utilities, §3 "Weekly report row", §7 Reports). */
describe('GET /sales-report/epop and /sales-report/epop/excel', () => {
  const suite = seededTestApp();

  /** An order of one item placed at `createdAt` for a new client (of `partnerId` when given). */
  async function order(
    name: string,
    createdAt: string,
    { partnerId = null, brokerName = null }: { partnerId?: string | null; brokerName?: string | null } = {},
  ) {
    const db = suite.ctx.db;
    const client = { ...companyRow(name), state: 'NY', strategic_partner_id: partnerId };
    await db.insertInto('company').values(client).execute();
    const document = documentRow(randomUUID(), client.company_id, {
      strategic_partner_id: partnerId,
      plan_year_start: '2026-01-01',
      plan_year_end: '2026-12-31',
    });
    await db.insertInto('epop_document').values(document).execute();
    const orderId = randomUUID();
    await db
      .insertInto('orders')
      .values({
        order_id: orderId,
        order_number: `W${randomUUID().slice(0, 8)}`,
        user_id: randomUUID(),
        ordered_by: `${name} Buyer`,
        ordered_by_email: 'buyer@example.test',
        transaction_id: `TX-${name}`,
        payment_method: 'Credit Card',
        total_cents: 30_000,
        is_new: 1,
        paid_at: createdAt,
        receipt: null,
        created_at: createdAt,
      })
      .execute();
    await db
      .insertInto('order_item')
      .values({
        order_item_id: randomUUID(),
        order_id: orderId,
        product_id: EPOP_PRODUCT.product_id,
        product_type: EPOP_PRODUCT.name,
        display_text: EPOP_PRODUCT.name,
        document_id: document.document_id,
        client_company_id: client.company_id,
        broker_name: brokerName,
        price_cents: 30_000,
        returned: 0,
      })
      .execute();
  }

  beforeAll(async () => {
    const colonial = { ...companyRow('Colonial Partner', { kind: 'strategic-partner' }), colonial: 1 };
    await suite.ctx.db.insertInto('company').values(colonial).execute();
    // Monday 2025-06-02 to Sunday 2025-06-08, New York time (UTC-4 in June).
    await order('Before Week', '2025-06-02T03:59:00.000Z'); // Sunday June 1st, 11:59 pm in New York
    await order('Monday Client', '2025-06-02T04:00:00.000Z', { brokerName: 'Bea Broker' });
    await order('Colonial Client', '2025-06-05T15:00:00.000Z', { partnerId: colonial.company_id });
    await order('Sunday Client', '2025-06-09T03:30:00.000Z'); // Sunday June 8th, 11:30 pm in New York
    await order('After Week', '2025-06-09T04:00:00.000Z');
  });

  const compliance = () => suite.parties.accounts.compliance;
  const report = (query: string) => suite.ctx.send(compliance(), 'GET', `/sales-report/epop?${query}`);

  it('answers the rows of the days asked, inclusive, in New York time, MM/DD/YYYY or ISO', async () => {
    const answer = await report('from=06/02/2025&to=06/08/2025');
    expect(answer.statusCode).toBe(200);
    const rows = answer.json<{ companyName: string }[]>();
    expect(rows.map((row) => row.companyName)).toEqual(['Monday Client', 'Colonial Client', 'Sunday Client']);
    expect(rows[0]).toEqual({
      companyName: 'Monday Client',
      state: 'NY',
      orderDate: '2025-06-02T04:00:00.000Z',
      planStartDate: '2026-01-01',
      planEndDate: '2026-12-31',
      paymentMethod: 'Credit Card',
      transactionId: 'TX-Monday Client',
      price: 300,
      commissioned: true,
      broker: 'Bea Broker',
      createdBy: 'Monday Client Buyer',
    });
    expect(rows[1]).toMatchObject({ commissioned: false, broker: '' });
    const iso = await report('from=2025-06-02&to=2025-06-08');
    expect(iso.json()).toEqual(rows);
  });

  it("leaves out Colonial partners' documents when asked", async () => {
    const rows = (await report('from=06/02/2025&to=06/08/2025&excludeColonial=true')).json<
      { companyName: string }[]
    >();
    expect(rows.map((row) => row.companyName)).toEqual(['Monday Client', 'Sunday Client']);
    const kept = (await report('from=06/02/2025&to=06/08/2025&excludeColonial=false')).json<unknown[]>();
    expect(kept).toHaveLength(3);
  });

  it('refuses dates that are not days, a range that ends before it starts, and one over a year', async () => {
    expect((await report('from=02/30/2025&to=13/01/2025')).json()).toEqual({
      type: 'validation',
      errors: [REPORTS_MESSAGES.invalidFrom, REPORTS_MESSAGES.invalidTo],
    });
    const backwards = await report('from=06/08/2025&to=06/02/2025');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ type: 'validation', errors: [REPORTS_MESSAGES.fromAfterTo] });
    const tooLong = await report('from=01/01/2024&to=01/01/2025');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ type: 'validation', errors: [REPORTS_MESSAGES.tooLong] });
    expect((await report('from=01/01/2024&to=12/31/2024')).statusCode).toBe(200);
    expect((await report('from=6/2/2025&to=06/08/2025')).statusCode).toBe(400);
    expect((await report('to=06/08/2025')).statusCode).toBe(400);
  });

  it('downloads the same rows as an Excel file exceljs opens', async () => {
    const answer = await suite.ctx.send(
      compliance(),
      'GET',
      '/sales-report/epop/excel?from=06/02/2025&to=06/08/2025&excludeColonial=true',
    );
    const sheet = await excelSheet(answer);
    expect(answer.headers['content-disposition']).toContain(
      'Weekly Order Report 2025-06-02 to 2025-06-08.xlsx',
    );
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Company Name',
      'State',
      'Order Date',
      'Plan Start Date',
      'Plan End Date',
      'Payment Method',
      'Transaction Id',
      'Price',
      'Commissioned',
      'Broker',
      'Created By',
    ]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'Monday Client',
      'NY',
      new Date(Date.UTC(2025, 5, 2)),
      new Date(Date.UTC(2026, 0, 1)),
      new Date(Date.UTC(2026, 11, 31)),
      'Credit Card',
      'TX-Monday Client',
      300,
      'Yes',
      'Bea Broker',
      'Monday Client Buyer',
    ]);
    expect(sheet.getCell('H2').numFmt).toBe('"$"#,##0.00');
    expect(sheet.getCell('C3').value).toEqual(new Date(Date.UTC(2025, 5, 8)));
  });

  it('is compliance’s only', async () => {
    const answer = await suite.ctx.send(
      suite.parties.accounts.brokerA,
      'GET',
      '/sales-report/epop?from=06/02/2025&to=06/08/2025',
    );
    expect(answer.statusCode).toBe(403);
  });
});
