import { describe, expect, it } from '@jest/globals';
import { productToday } from 'shared-domain';
import { excelSheet } from '../../helpers/excel.js';
import { seededTestApp, snapshot } from '../../helpers/parties.js';
import { companyRow, documentRow } from '../../helpers/rows.js';

/** `GET colonial/bill-file?month&year` and its Excel file (issue 12). */
describe('the Colonial bill file', () => {
  const suite = seededTestApp();
  const get = (url: string) => suite.ctx.send(suite.parties.accounts.compliance, 'GET', url);

  it('lists the month’s new (A), renewed (R) and cancelled (C) Colonial documents, and the same as Excel', async () => {
    const { db } = suite.ctx;
    const colonial = { ...companyRow('Bill Colonial', { kind: 'strategic-partner' }), colonial: 1 };
    const other = { ...companyRow('Bill Other', { kind: 'strategic-partner' }), colonial: 0 };
    await db.insertInto('company').values([colonial, other]).execute();
    const client = { ...companyRow('Bayside Bakery'), city: 'Mobile', state: 'AL', colonial: 0 };
    await db.insertInto('company').values(client).execute();
    const owner = suite.parties.accounts.brokerA.userId;
    const form = { accountId: 'E480111', accountIdSuffix: '001', groupId: 'G-7', agentNumber: 'AG7100' };
    const made = (createdAt: string, overrides: Parameters<typeof documentRow>[2] = {}) =>
      documentRow(owner, client.company_id, {
        strategic_partner_id: colonial.company_id,
        json: JSON.stringify(form),
        created_at: createdAt,
        plan_year_start: '2025-04-01',
        ...overrides,
      });
    const added = made('2025-03-10T15:00:00.000Z');
    const renewed = made('2025-03-20T15:00:00.000Z', { original_document_id: added.document_id });
    // 11:30 pm on March 31st in New York is still March; 12:30 am on March 1st ET is March too.
    const lateMarch = made('2025-04-01T03:30:00.000Z');
    const earlyApril = made('2025-04-01T04:30:00.000Z');
    const unpaid = made('2025-03-11T15:00:00.000Z', { status: 'Unpaid' });
    const cancelled = made('2024-12-01T15:00:00.000Z', {
      status: 'Inactive',
      active: 0,
      no_pay_code: 'N1',
      no_pay_at: '2025-03-15T15:00:00.000Z',
    });
    const notColonial = made('2025-03-12T15:00:00.000Z', { strategic_partner_id: other.company_id });
    await db
      .insertInto('epop_document')
      .values([added, renewed, lateMarch, earlyApril, unpaid, cancelled, notColonial])
      .execute();

    const answer = await get('/colonial/bill-file?month=3&year=2025');
    expect(answer.statusCode).toBe(200);
    const rows = answer.json<{ transCode: string; createdDate: string }[]>();
    expect(rows.map((row) => [row.transCode, row.createdDate])).toEqual([
      ['A', added.created_at],
      ['C', cancelled.created_at],
      ['R', renewed.created_at],
      ['A', lateMarch.created_at],
    ]);
    expect(rows[0]).toEqual({
      accountId: 'E480111',
      accountIdSuffix: '001',
      clientCompanyName: 'Bayside Bakery',
      city: 'Mobile',
      state: 'AL',
      group_id: 'G-7',
      agentId: 'AG7100',
      createdDate: added.created_at,
      currentPlanYearStartDate: '2025-04-01',
      transCode: 'A',
    });

    const excel = await get('/colonial/bill-file/excel?month=3&year=2025');
    const sheet = await excelSheet(excel);
    expect(sheet.name).toBe('Bill File');
    expect(excel.headers['content-disposition']).toContain('Colonial Bill File 2025-03.xlsx');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'accountId',
      'accountIdSuffix',
      'Client',
      'City',
      'State',
      'group_id',
      'agentId',
      'Created',
      'Plan Year Start',
      'transCode',
    ]);
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'E480111',
      '001',
      'Bayside Bakery',
      'Mobile',
      'AL',
      'G-7',
      'AG7100',
      new Date(Date.UTC(2025, 2, 10)),
      new Date(Date.UTC(2025, 3, 1)),
      'A',
    ]);
    expect(sheet.getCell('H5').value).toEqual(new Date(Date.UTC(2025, 2, 31)));
  });

  it('refuses a month 13, a year 2016 or a year to come with 400, for the rows and the Excel file', async () => {
    const before = await snapshot(suite.ctx.db);
    const next = Number(productToday().slice(0, 4)) + 1;
    for (const path of ['/colonial/bill-file', '/colonial/bill-file/excel']) {
      for (const query of [
        'month=13&year=2025',
        'month=0&year=2025',
        'month=3&year=2016',
        `month=3&year=${next}`,
        'month=3',
      ]) {
        const answer = await get(`${path}?${query}`);
        expect([path, query, answer.statusCode, answer.json<{ type: string }>().type]).toEqual([
          path,
          query,
          400,
          'validation',
        ]);
      }
    }
    const future = await get(`/colonial/bill-file?month=1&year=${next}`);
    expect(future.json()).toEqual({
      type: 'validation',
      errors: [`Year must be from 2017 to ${next - 1}`],
    });
    expect(await snapshot(suite.ctx.db)).toEqual(before);
  });
});
