import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import yauzl from 'yauzl';
import yazl from 'yazl';

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

/** The parts (files) of an XLSX's ZIP, in their order in the file, folders left out. */
export async function partsOf(bytes: Buffer): Promise<[string, Buffer][]> {
  const zip = await yauzl.fromBufferPromise(bytes);
  const parts: [string, Buffer][] = [];
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName.endsWith('/')) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    parts.push([entry.fileName, Buffer.concat(chunks)]);
  }
  return parts;
}

/**
 * An XLSX (a ZIP, by yazl) of these parts in this order, each deflated but the `stored` ones (kept as
 * they are: a test may store bytes it deflated itself).
 */
export async function zipOf(parts: [string, Buffer][], stored: string[] = []): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of parts) zip.addBuffer(content, name, { compress: !stored.includes(name) });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `parts` with the named ones moved, in the order given, after all the others. */
export function movedLast(parts: [string, Buffer][], names: string[]): [string, Buffer][] {
  return [
    ...parts.filter(([name]) => !names.includes(name)),
    ...names.map((name) => parts.find(([part]) => part === name)!),
  ];
}
