import { expect } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { EXCEL_CONTENT_TYPE } from '../../src/lib/excel.js';

/** An Excel answer opened as its reader would: 200, the XLSX type, then its first sheet. */
export async function excelSheet(response: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(EXCEL_CONTENT_TYPE);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}
