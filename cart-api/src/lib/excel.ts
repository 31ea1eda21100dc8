import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { Type } from 'service-kit';
import { productToday, toDollars } from 'shared-domain';
import { attachment } from './download.js';

/**
 * The back office's Excel files (issue 12 "Excel"), one way for all of them: a bold header row,
 * frozen; each column's width; dates as real dates shown MM/DD/YYYY; money as numbers with a
 * currency format. The workbook is streamed (exceljs' WorkbookWriter): a row is written out as it
 * is added, so a large export never sits whole in memory.
 */
export type ExcelKind = 'text' | 'date' | 'money' | 'integer';

export interface ExcelColumn<Row> {
  header: string;
  /** The row's property this column shows. */
  key: keyof Row & string;
  kind?: ExcelKind;
  /** In characters; defaults by kind. */
  width?: number;
}

export const EXCEL_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A route's answer when it is an Excel file (its OpenAPI response). */
export const excelResponse = {
  200: {
    content: {
      [EXCEL_CONTENT_TYPE]: {
        schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the XLSX file' }),
      },
    },
  },
} as const;

const FORMATS: Record<ExcelKind, string | undefined> = {
  text: undefined,
  date: 'mm/dd/yyyy',
  money: '"$"#,##0.00',
  integer: '0',
};
const WIDTHS: Record<ExcelKind, number> = { text: 24, date: 12, money: 12, integer: 10 };

/**
 * A date cell's value: a `YYYY-MM-DD` day as that day; a timestamp (ISO with a time) as its day in
 * the product's time zone, so an order placed at 11 pm in New York is not dated the next day.
 */
export function excelDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const text = value instanceof Date ? value.toISOString() : String(value);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : productToday(new Date(text));
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!));
}

/** Money is kept in integer cents; the sheet shows dollars. */
const cell = (kind: ExcelKind, value: unknown): ExcelJS.CellValue => {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'date':
      return excelDate(value);
    case 'money':
      return toDollars(Number(value));
    case 'integer':
      return Number(value);
    default:
      return String(value);
  }
};

// exceljs is loaded by the first export, not at start: most processes (and test files) write none.
let excelJs: typeof ExcelJS | undefined;
const loadExcelJs = () => (excelJs ??= createRequire(import.meta.url)('exceljs') as typeof ExcelJS);

/** The workbook of `rows` under `columns`, as a stream of XLSX bytes. */
export function excelStream<Row>(
  sheetName: string,
  columns: readonly ExcelColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
): Readable {
  const stream = new PassThrough();
  const workbook = new (loadExcelJs().stream.xlsx.WorkbookWriter)({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => {
    const kind = column.kind ?? 'text';
    const numFmt = FORMATS[kind];
    return {
      header: column.header,
      key: column.key,
      width: column.width ?? Math.max(WIDTHS[kind], column.header.length + 2),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const row of rows) {
        const values: Record<string, ExcelJS.CellValue> = {};
        for (const column of columns) values[column.key] = cell(column.kind ?? 'text', row[column.key]);
        sheet.addRow(values).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      stream.destroy(error as Error);
    }
  })();
  return stream;
}

/** Answers an Excel download named `fileName` (`.xlsx` added). */
export function sendExcel<Row>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: readonly ExcelColumn<Row>[],
  rows: Iterable<Row> | AsyncIterable<Row>,
) {
  return reply
    .header('content-type', EXCEL_CONTENT_TYPE)
    .header('content-disposition', attachment(`${fileName}.xlsx`))
    .header('cache-control', 'no-store')
    .send(excelStream(sheetName, columns, rows));
}
