import { calendarDayOf } from 'shared-domain';
import { COLONIAL_MESSAGES } from './messages.js';
import { ReturnFileError } from './return-file-error.js';
import { readFirstWorksheet, type CellValue } from './return-file-workbook.js';

export { ReturnFileError };

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
/**
 * The header row is looked for in this many rows at the top of the sheet (and its first 4 million
 * characters): the upload's check reads that prefix only, never the whole sheet.
 */
export const HEADER_SEARCH_ROWS = 1_000;
const HEADER_SEARCH_CHARS = 4_000_000;

const XLS_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_SIGNATURE = Buffer.from('PK\x03\x04', 'latin1');
const PDF_SIGNATURE = Buffer.from('%PDF', 'latin1');

/**
 * Whether the bytes are an XLSX by their content, never their name: a ZIP (`PK\x03\x04`) holding
 * `xl/workbook.xml`. An OLE2 file (the old .xls) and a PDF get their own message.
 */
export function checkXlsx(bytes: Buffer): void {
  if (bytes.subarray(0, XLS_SIGNATURE.length).equals(XLS_SIGNATURE))
    throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.xls);
  if (bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE))
    throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.pdf);
  if (!bytes.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE) || !bytes.includes('xl/workbook.xml')) {
    throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.notXlsx);
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

/** A cell's value as text (rich text and formulas by what they show), trimmed, at most 200 characters. */
function cellText(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return calendarDayOf(value);
  return String(value).trim().slice(0, MAX_CELL_TEXT);
}

/**
 * The Qualify Date as a day: a date cell, an Excel serial number, or text MM/DD/YYYY, M/D/YY or
 * YYYY-MM-DD; '' when blank; otherwise the text as written (the row then fails, naming it).
 */
function qualifyDay(value: CellValue): string {
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
 * The rows of a return file, streamed from its first worksheet within the file's bounds
 * (return-file-workbook.ts, README "Hostile files"): its first non-empty row the header, which must
 * be among its first HEADER_SEARCH_ROWS rows, blank rows skipped, at most RETURN_FILE_MAX_ROWS rows.
 * Only the cells of the known columns are kept. Throws ReturnFileError for what is not a workbook,
 * exceeds a bound or misses a required column; `headerOnly` stops at the header row.
 */
export async function readReturnFile(
  bytes: Buffer,
  options: { headerOnly?: boolean } = {},
): Promise<ReturnFileRow[]> {
  checkXlsx(bytes);
  const rows: ReturnFileRow[] = [];
  let columns: Map<ColumnKey, number> | undefined;
  /** The row being read: whether a cell shows anything, the header keys it names, the known cells. */
  let filled = false;
  let named = new Map<ColumnKey, number>();
  let cells = new Map<number, CellValue>();
  /** The header's columns, once read: the cells kept of each row. */
  let wanted = new Set<number>();
  let rowsBeforeHeader = 0;
  const headerNotAtTop = () =>
    new ReturnFileError(
      COLONIAL_MESSAGES.returnFile.headerNotAtTop(
        HEADER_SEARCH_ROWS,
        REQUIRED_COLUMNS.map((key) => RETURN_FILE_COLUMNS[key]),
      ),
    );

  function cell(column: number, value: CellValue) {
    const text = cellText(value);
    if (text === '') return;
    filled = true;
    if (!columns) {
      const key = HEADER_KEYS.get(headerKey(text));
      if (key && !named.has(key)) named.set(key, column);
    } else if (wanted.has(column)) {
      cells.set(column, value);
    }
  }

  function row(rowNumber: number): 'stop' | undefined {
    const [isFilled, header, values] = [filled, named, cells];
    filled = false;
    named = new Map();
    cells = new Map();
    if (!columns) {
      if (!isFilled) {
        if (++rowsBeforeHeader >= HEADER_SEARCH_ROWS) throw headerNotAtTop();
        return undefined;
      }
      const missing = REQUIRED_COLUMNS.filter((key) => !header.has(key));
      if (missing.length > 0) {
        throw new ReturnFileError(
          COLONIAL_MESSAGES.returnFile.missingColumns(
            missing.map((key) => RETURN_FILE_COLUMNS[key]),
            REQUIRED_COLUMNS.map((key) => RETURN_FILE_COLUMNS[key]),
          ),
        );
      }
      columns = header;
      wanted = new Set(columns.values());
      return options.headerOnly ? 'stop' : undefined;
    }
    if (!isFilled) return undefined;
    if (rows.length >= RETURN_FILE_MAX_ROWS)
      throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.tooManyRows(RETURN_FILE_MAX_ROWS));
    const at = (key: ColumnKey) => {
      const column = columns!.get(key);
      return column === undefined ? null : (values.get(column) ?? null);
    };
    rows.push({
      rowNumber,
      bcnVendor: cellText(at('bcnVendor')),
      bcn: cellText(at('bcn')),
      accountId: cellText(at('accountId')),
      qualifyDate: qualifyDay(at('qualifyDate')),
      noPay: cellText(at('noPay')),
    });
    return undefined;
  }

  let found: boolean;
  try {
    found = await readFirstWorksheet(
      bytes,
      {
        cell,
        row,
        progress(chars) {
          if (!columns && chars > HEADER_SEARCH_CHARS) throw headerNotAtTop();
        },
      },
      cellText,
    );
  } catch (error) {
    if (error instanceof ReturnFileError) throw error;
    throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.unreadable);
  }
  if (!found || !columns) throw new ReturnFileError(COLONIAL_MESSAGES.returnFile.empty);
  return rows;
}

/**
 * Only the header row's check, for the upload's answer: a workbook without the required columns is
 * refused at once (400) instead of failing later as a job. The rows are the job's to read.
 */
export async function checkReturnFileHeader(bytes: Buffer): Promise<void> {
  await readReturnFile(bytes, { headerOnly: true });
}
