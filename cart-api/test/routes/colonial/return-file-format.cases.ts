import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { COLONIAL_MESSAGES } from '../../../src/domain/colonial/messages.js';
import { readReturnFile, RETURN_FILE_MAX_ROWS } from '../../../src/domain/colonial/return-file-format.js';
import { zipOf } from './return-files.js';

async function workbook(rows: number, bcn = 'TEST-0001'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Return File');
  sheet.addRow(['BCN Vendor', 'BCN', 'Account Id', 'Qualify Date', 'No Pay']);
  for (let row = 0; row < rows; row += 1) sheet.addRow(['Colonial', bcn, '', '03/01/2027', '']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('reading a return file', () => {
  it(`refuses a file of more than ${RETURN_FILE_MAX_ROWS} rows with a clear message`, async () => {
    await expect(readReturnFile(await workbook(RETURN_FILE_MAX_ROWS + 1))).rejects.toThrow(
      COLONIAL_MESSAGES.returnFile.tooManyRows(RETURN_FILE_MAX_ROWS),
    );
  }, 60_000);

  it('keeps at most 200 characters of a cell', async () => {
    const [row] = await readReturnFile(await workbook(1, 'B'.repeat(5_000)));
    expect(row!.bcn).toBe('B'.repeat(200));
  });
});

describe('reading a return file written by another program', () => {
  it('reads prefixed XML, inline strings, cells without references and a date style of its own', async () => {
    const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const inline = (text: string) => `<x:c t="inlineStr"><x:is><x:t>${text}</x:t></x:is></x:c>`;
    const bytes = await zipOf([
      [
        'xl/workbook.xml',
        Buffer.from(
          `<x:workbook xmlns:x="${main}" xmlns:rel="${relationships}"><x:sheets>` +
            '<x:sheet name="Data" sheetId="1" rel:id="rIdData"/></x:sheets></x:workbook>',
        ),
      ],
      [
        'xl/_rels/workbook.xml.rels',
        Buffer.from(
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
            `<Relationship Id="rIdData" Type="${relationships}/worksheet" Target="/xl/worksheets/data.xml"/>` +
            `<Relationship Id="rIdStyles" Type="${relationships}/styles" Target="styles.xml"/>` +
            '</Relationships>',
        ),
      ],
      [
        'xl/styles.xml',
        Buffer.from(
          `<x:styleSheet xmlns:x="${main}"><x:numFmts><x:numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></x:numFmts>` +
            '<x:cellXfs><x:xf numFmtId="0"/><x:xf numFmtId="164"/></x:cellXfs></x:styleSheet>',
        ),
      ],
      [
        'xl/worksheets/data.xml',
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?>\n<x:worksheet xmlns:x="${main}"><x:sheetData>` +
            `<x:row>${['BCN Vendor', 'BCN', 'Qualify Date', 'No Pay'].map(inline).join('')}</x:row>` +
            `<x:row>${inline('Colonial &amp; Co')}${inline(' BCN-1 ')}<x:c s="1"><x:v>46447</x:v></x:c>${inline('N1')}</x:row>` +
            '</x:sheetData></x:worksheet>',
        ),
      ],
    ]);
    expect(await readReturnFile(bytes)).toEqual([
      {
        rowNumber: 2,
        bcnVendor: 'Colonial & Co',
        bcn: 'BCN-1',
        accountId: '',
        qualifyDate: '2027-03-01',
        noPay: 'N1',
      },
    ]);
  });
});
