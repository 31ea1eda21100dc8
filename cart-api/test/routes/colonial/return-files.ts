import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';

export const RETURN_HEADERS = ['BCN Vendor', 'BCN', 'Account Id', 'Qualify Date', 'No Pay'];

/** A return file: a header row and `rows` (cells in the header's order), as XLSX bytes. */
export async function returnFile(
  rows: (string | number | Date | null)[][],
  headers: string[] = RETURN_HEADERS,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Return File');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  sheet.getColumn(4).numFmt = 'mm/dd/yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A multipart/form-data body with one file part (as a browser's FormData sends it). */
export function multipart(
  bytes: Buffer,
  {
    field = 'returnFile',
    fileName = 'return.xlsx',
    extra = [] as { field: string; fileName: string; bytes: Buffer }[],
  } = {},
) {
  const boundary = `----pop${randomUUID().replace(/-/g, '')}`;
  const part = (name: string, file: string, content: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      content,
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    part(field, fileName, bytes),
    ...extra.map((e) => part(e.field, e.fileName, e.bytes)),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
