import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { buffer } from 'node:stream/consumers';
import { excelDate, excelStream } from '../../src/lib/excel.js';

interface Row {
  name: string;
  createdAt: string;
  planStart: string;
  priceCents: number;
}

async function* rows(): AsyncIterable<Row> {
  yield { name: 'Acme', createdAt: '2026-03-02T03:30:00.000Z', planStart: '2026-01-01', priceCents: 30000 };
  yield {
    name: 'Lakeside',
    createdAt: '2026-03-02T12:00:00.000Z',
    planStart: '2027-07-01',
    priceCents: 22550,
  };
}

describe('excelStream', () => {
  it('writes a frozen bold header, dates as dates and money as dollars with a currency format', async () => {
    const bytes = await buffer(
      excelStream<Row>(
        'Clients',
        [
          { header: 'Client', key: 'name' },
          { header: 'Created', key: 'createdAt', kind: 'date' },
          { header: 'Plan Year Start', key: 'planStart', kind: 'date' },
          { header: 'Price', key: 'priceCents', kind: 'money' },
        ],
        rows(),
      ),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Clients')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Client', 'Created', 'Plan Year Start', 'Price']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(3);
    // 03:30 UTC on March 2nd is still March 1st in New York.
    expect(sheet.getCell('B2').value).toEqual(new Date(Date.UTC(2026, 2, 1)));
    expect(sheet.getCell('B2').numFmt).toBe('mm/dd/yyyy');
    expect(sheet.getCell('C3').value).toEqual(new Date(Date.UTC(2027, 6, 1)));
    expect(sheet.getCell('D3').value).toBe(225.5);
    expect(sheet.getCell('D3').numFmt).toBe('"$"#,##0.00');
    expect(sheet.getColumn(1).width).toBeGreaterThan(10);
  });

  it('reads a day as that day and a timestamp as its day in the product time zone', () => {
    expect(excelDate('2026-12-31')).toEqual(new Date(Date.UTC(2026, 11, 31)));
    expect(excelDate('2027-01-01T04:00:00.000Z')).toEqual(new Date(Date.UTC(2026, 11, 31)));
    expect(excelDate(null)).toBeNull();
  });
});
