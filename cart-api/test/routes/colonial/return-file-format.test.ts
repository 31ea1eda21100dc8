import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import {
  readReturnFile,
  RETURN_FILE_MAX_ROWS,
  RETURN_FILE_MESSAGES,
} from '../../../src/domain/colonial/return-file-format.js';

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
      RETURN_FILE_MESSAGES.tooManyRows,
    );
  }, 60_000);

  it('keeps at most 200 characters of a cell', async () => {
    const [row] = await readReturnFile(await workbook(1, 'B'.repeat(5_000)));
    expect(row!.bcn).toBe('B'.repeat(200));
  });
});
