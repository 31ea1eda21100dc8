import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';

/** The first sheet of a downloaded Excel file, opened with exceljs as its reader's program would. */
export async function sheetOf(path: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** A row's cells as plain values (exceljs' 1-based values, the empty 0th dropped). */
export const cellsOf = (row: ExcelJS.Row): unknown[] => (row.values as unknown[]).slice(1);

/** The header row's cells. */
export const headerOf = (sheet: ExcelJS.Worksheet): unknown[] => cellsOf(sheet.getRow(1));

/** The rows after the header, as plain values. */
export function rowsOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) rows.push(cellsOf(row));
  });
  return rows;
}
