import { calendarDayOf } from 'shared-domain';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Colonial's return file (README "Colonial return file"): an XLSX workbook whose first worksheet
 * has a header row naming these columns (any order, case and spacing ignored) and one row per account.
 */
export const RETURN_FILE_COLUMNS = {
  bcnVendor: 'BCN Vendor',
  bcn: 'BCN',
  accountId: 'Account Id',
  qualifyDate: 'Qualify Date',
  noPay: 'No Pay',
} as const;
type ColumnKey = keyof typeof RETURN_FILE_COLUMNS;

/** The columns a return file must have; Account Id is optional (it teaches a client its BCN). */
export const REQUIRED_COLUMNS: readonly ColumnKey[] = ['bcnVendor', 'bcn', 'qualifyDate', 'noPay'];

/** The largest return file taken (bytes): 10 MiB. */
export const RETURN_FILE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * The most rows a return file may hold: 10 MB of XLSX can unzip to millions of rows, which the job
 * would hold in memory; Colonial's monthly files are far smaller.
 */
export const RETURN_FILE_MAX_ROWS = 50_000;
/** A cell's text is kept (and echoed in a row's result) up to this many characters. */
const MAX_CELL_TEXT = 200;

export const RETURN_FILE_MESSAGES = {
  uploaded: 'File has been uploaded and is currently processing',
  noFile: 'Choose a return file to upload (form field returnFile)',
  notMultipart: 'Upload the return file as multipart/form-data with the file in the field returnFile',
  oneFile: 'Upload one return file at a time',
  wrongField: (field: string) => `The return file must be sent in the field returnFile, not ${field}`,
  tooLarge: 'The return file is larger than 10 MB: split it into smaller files',
  xls: 'This is an old Excel 97-2003 (.xls) file: open it in Excel, save it as an Excel Workbook (.xlsx) and upload that',
  pdf: 'This is a PDF file, not an Excel workbook: upload the return file as .xlsx',
  notXlsx: 'The return file must be an Excel workbook (.xlsx)',
  unreadable:
    'The return file is not a valid Excel workbook: open it in Excel, save it as .xlsx and upload it again',
  empty: 'The return file has no worksheet with a header row',
  tooManyRows: `The return file has more than ${RETURN_FILE_MAX_ROWS.toLocaleString('en-US')} rows: split it into smaller files`,
  missingColumns: (missing: string[]) =>
    `The return file misses the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: its first row must name ${REQUIRED_COLUMNS.map((key) => RETURN_FILE_COLUMNS[key]).join(', ')}`,
} as const;

/** A readable problem with the uploaded file itself (400 at upload, the job's failure later). */
export class ReturnFileError extends Error {
  override name = 'ReturnFileError';
}

const XLS_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');
const PDF_SIGNATURE = Buffer.from('%PDF', 'latin1');

/**
 * Whether the bytes are an XLSX by their content, never their name: a ZIP (`PK\x03\x04`) holding
 * `xl/workbook.xml`. An OLE2 file (the old .xls) and a PDF get their own message.
 */
export function checkXlsx(bytes: Buffer): void {
  if (bytes.subarray(0, XLS_SIGNATURE.length).equals(XLS_SIGNATURE))
    throw new ReturnFileError(RETURN_FILE_MESSAGES.xls);
  if (bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE))
    throw new ReturnFileError(RETURN_FILE_MESSAGES.pdf);
  if (!bytes.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE) || !bytes.includes('xl/workbook.xml')) {
    throw new ReturnFileError(RETURN_FILE_MESSAGES.notXlsx);
  }
}

/** One data row of a return file, its cells as read (the job checks them). */
export interface ReturnFileRow {
  /** The row's number in the worksheet (the header is row 1 usually): how results name it. */
  rowNumber: number;
  bcnVendor: string;
  bcn: string;
  accountId: string;
  /** The Qualify Date cell: a day YYYY-MM-DD, '' when blank, or the text as written when not a date. */
  qualifyDate: string;
  noPay: string;
}

const headerKey = (text: string) => text.replace(/[\s_]+/g, '').toLowerCase();
const HEADER_KEYS = new Map(
  (Object.entries(RETURN_FILE_COLUMNS) as [ColumnKey, string][]).map(([key, header]) => [
    headerKey(header),
    key,
  ]),
);

/** A cell's value as text (rich text, hyperlinks and formulas by what they show). */
function cellText(value: ExcelJS.CellValue): string {
  return fullCellText(value).slice(0, MAX_CELL_TEXT);
}

function fullCellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return calendarDayOf(value);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('result' in value) return fullCellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

/**
 * The Qualify Date as a day: a date cell, an Excel serial number, or text MM/DD/YYYY, M/D/YY or
 * YYYY-MM-DD; '' when blank; otherwise the text as written (the row then fails, naming it).
 */
function qualifyDay(value: ExcelJS.CellValue): string {
  if (value instanceof Date) return calendarDayOf(value);
  if (typeof value === 'number' && value > 0 && value < 2958466) {
    return calendarDayOf(new Date(Math.round((value - 25569) * 86_400_000)));
  }
  const text = cellText(value);
  if (text === '') return '';
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  let day: [number, number, number] | undefined;
  if (us) {
    const year = Number(us[3]!.length === 2 ? `20${us[3]}` : us[3]);
    day = [year, Number(us[1]), Number(us[2])];
  } else if (iso) {
    day = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  }
  if (!day) return text;
  const [year, month, date] = day;
  const parsed = new Date(Date.UTC(year, month - 1, date));
  // The round trip refuses 02/30/2027 and month 13.
  return parsed.getUTCFullYear() === year &&
    parsed.getUTCMonth() === month - 1 &&
    parsed.getUTCDate() === date
    ? calendarDayOf(parsed)
    : text;
}

export const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * The rows of a return file, read with exceljs' streaming reader (a large file is never a whole
 * workbook in memory): the first worksheet, its first non-empty row the header, blank rows skipped.
 * Throws ReturnFileError for what is not a workbook or misses a required column.
 */
export async function readReturnFile(
  bytes: Buffer,
  options: { headerOnly?: boolean } = {},
): Promise<ReturnFileRow[]> {
  checkXlsx(bytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  const rows: ReturnFileRow[] = [];
  let columns: Map<ColumnKey, number> | undefined;
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet) {
        const values = (row.values ?? []) as ExcelJS.CellValue[];
        const texts = values.map(cellText);
        if (texts.every((value) => value === '')) continue;
        if (!columns) {
          columns = new Map();
          texts.forEach((header, index) => {
            const key = HEADER_KEYS.get(headerKey(header));
            if (key && !columns!.has(key)) columns!.set(key, index);
          });
          const missing = REQUIRED_COLUMNS.filter((key) => !columns!.has(key));
          if (missing.length > 0) {
            throw new ReturnFileError(
              RETURN_FILE_MESSAGES.missingColumns(missing.map((key) => RETURN_FILE_COLUMNS[key])),
            );
          }
          if (options.headerOnly) return rows;
          continue;
        }
        if (rows.length >= RETURN_FILE_MAX_ROWS) throw new ReturnFileError(RETURN_FILE_MESSAGES.tooManyRows);
        const at = (key: ColumnKey) => {
          const index = columns!.get(key);
          return index === undefined ? undefined : values[index];
        };
        rows.push({
          rowNumber: row.number,
          bcnVendor: cellText(at('bcnVendor') ?? null),
          bcn: cellText(at('bcn') ?? null),
          accountId: cellText(at('accountId') ?? null),
          qualifyDate: qualifyDay(at('qualifyDate') ?? null),
          noPay: cellText(at('noPay') ?? null),
        });
      }
      // The first worksheet only.
      break;
    }
  } catch (error) {
    if (error instanceof ReturnFileError) throw error;
    throw new ReturnFileError(RETURN_FILE_MESSAGES.unreadable);
  }
  if (!columns) throw new ReturnFileError(RETURN_FILE_MESSAGES.empty);
  return rows;
}

/**
 * Only the header row's check, for the upload's answer: a workbook without the required columns is
 * refused at once (400) instead of failing later as a job. The rows are the job's to read.
 */
export async function checkReturnFileHeader(bytes: Buffer): Promise<void> {
  await readReturnFile(bytes, { headerOnly: true });
}
