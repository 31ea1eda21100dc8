import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { readReturnFile } from '../../../src/domain/colonial/return-file-format.js';
import { seededTestApp } from '../../helpers/parties.js';
import { companyRow, documentRow } from '../../helpers/rows.js';
import { movedLast, multipart, partsOf, RETURN_HEADERS, zipOf } from './return-files.js';

/** The parts a return file's reading needs; the ZIP format leaves their order to the writer. */
const PARTS = [
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/sharedStrings.xml',
  'xl/styles.xml',
  'xl/worksheets/sheet1.xml',
  'xl/worksheets/sheet2.xml',
];

const orders = (names: string[]): string[][] =>
  names.length <= 1
    ? [names]
    : names.flatMap((name, index) =>
        orders([...names.slice(0, index), ...names.slice(index + 1)]).map((rest) => [name, ...rest]),
      );

/** A return file as a third party may write it: the rows' sheet first, then an empty 'Notes' sheet. */
async function twoSheetReturnFile(rows: (string | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Return File');
  sheet.addRow(RETURN_HEADERS);
  for (const row of rows) sheet.addRow(row);
  sheet.getColumn(4).numFmt = 'mm/dd/yyyy';
  workbook.addWorksheet('Notes');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Issue 21 item 4, "Hostile files": the parts of an XLSX may come in any order in its ZIP. exceljs'
 * streaming reader read them in that order (its issue #683): a workbook whose shared strings came
 * after its first sheet was read from its second sheet, and refused.
 */
describe('a return file whatever the order of its parts', () => {
  const suite = seededTestApp();
  const compliance = () => suite.parties.accounts.compliance;

  it('reads the same rows from each of the 720 orders of the parts it reads', async () => {
    const bytes = await twoSheetReturnFile([
      ['Colonial', 'BCN-1', 'E1', new Date(Date.UTC(2027, 2, 1)), ''],
      ['Colonial', 'BCN-2', '', '03/15/2027', 'N2'],
    ]);
    const normal = await readReturnFile(bytes);
    expect(normal.map((row) => [row.rowNumber, row.bcn, row.qualifyDate, row.noPay])).toEqual([
      [2, 'BCN-1', '2027-03-01', ''],
      [3, 'BCN-2', '2027-03-15', 'N2'],
    ]);
    const parts = await partsOf(bytes);
    const misread: string[] = [];
    for (const order of orders(PARTS)) {
      const reordered = await zipOf(movedLast(parts, order));
      const read = await readReturnFile(reordered).catch((error: Error) => error.message);
      if (JSON.stringify(read) !== JSON.stringify(normal))
        misread.push(`${order.join(' ')}: ${String(read)}`);
    }
    expect(misread).toEqual([]);
  });

  it('accepts a workbook whose shared strings come after its sheet and processes it as any other', async () => {
    const partner = { ...companyRow('Order Colonial', { kind: 'strategic-partner' }), colonial: 1 };
    const client = {
      ...companyRow('Order Co'),
      strategic_partner_id: partner.company_id,
      bcn: 'BCN-ORDER',
      colonial: 0,
    };
    await suite.ctx.db.insertInto('company').values([partner, client]).execute();
    await suite.ctx.db
      .insertInto('epop_document')
      .values(
        documentRow(suite.parties.accounts.brokerA.userId, client.company_id, {
          strategic_partner_id: partner.company_id,
          json: JSON.stringify({ clientCompanyName: 'Order Co', primaryEmail: 'owner@colonial.test' }),
        }),
      )
      .execute();
    const bytes = await twoSheetReturnFile([
      ['Colonial', 'BCN-ORDER', '', '04/01/2027', ''],
      ['Colonial', 'BCN-NOBODY', '', '', ''],
    ]);
    // The order a third party wrote: the data sheet, the shared strings, then the second sheet.
    const parts = await partsOf(bytes);
    const reordered = await zipOf(
      movedLast(parts, ['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml', 'xl/worksheets/sheet2.xml']),
    );
    const names = (await partsOf(reordered)).map(([name]) => name);
    expect(names.indexOf('xl/sharedStrings.xml')).toBeGreaterThan(names.indexOf('xl/worksheets/sheet1.xml'));

    const { payload, headers } = multipart(reordered);
    const answer = await suite.ctx.app.inject({
      method: 'POST',
      url: '/colonial/return-file',
      payload,
      headers: { ...headers, authorization: await suite.ctx.bearer(compliance()) },
    });
    expect([answer.statusCode, answer.json()]).toEqual([
      200,
      { jobId: expect.any(String), message: 'File has been uploaded and is currently processing' },
    ]);
    await suite.ctx.app.jobs.runner.runDue();
    const done = await suite.ctx.send(
      compliance(),
      'GET',
      `/colonial/return-file/${answer.json<{ jobId: string }>().jobId}`,
    );
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual([
      {
        bcnVendor: 'Colonial',
        bcn: 'BCN-ORDER',
        qualifyDate: '2027-04-01',
        noPay: '',
        result: 'Qualify date 04/01/2027 recorded',
        success: true,
        clientId: client.company_id,
      },
      {
        bcnVendor: 'Colonial',
        bcn: 'BCN-NOBODY',
        qualifyDate: null,
        noPay: '',
        result: 'No client has BCN BCN-NOBODY',
        success: false,
        clientId: null,
      },
    ]);
    expect(await readReturnFile(reordered)).toEqual(await readReturnFile(bytes));
  });
});
