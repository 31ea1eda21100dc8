import { isIsoDate, toCents } from 'shared-domain';
import { Type, ValidationFailure, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { excelResponse, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { REPORTS_MESSAGES } from '../../domain/reports/messages.js';
import { weeklyReportRows } from '../../domain/reports/queries.js';
import { WeeklyReportQuery, WeeklyReportRow } from '../../contract/sales-report.js';

/** The longest range a report may cover: a year (the rows are read whole before the file is written). */
const MAX_RANGE_DAYS = 366;
const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

const US_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** MM/DD/YYYY (the screen's) or YYYY-MM-DD as YYYY-MM-DD; undefined unless a real calendar day. */
export function reportDay(text: string): string | undefined {
  const us = US_DAY.exec(text.trim());
  const iso = ISO_DAY.exec(text.trim());
  const [year, month, day] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return undefined;
  const value = `${year}-${month}-${day}`;
  // 02/30 and 13/01 are not days.
  return isIsoDate(value) ? value : undefined;
}

function checkedRange(query: WeeklyReportQuery) {
  const from = reportDay(query.from);
  const to = reportDay(query.to);
  const problems = [
    ...(from ? [] : [REPORTS_MESSAGES.invalidFrom]),
    ...(to ? [] : [REPORTS_MESSAGES.invalidTo]),
  ];
  if (from && to && from > to) problems.push(REPORTS_MESSAGES.fromAfterTo);
  else if (from && to && daysBetween(from, to) > MAX_RANGE_DAYS) problems.push(REPORTS_MESSAGES.tooLong);
  if (problems.length > 0) throw new ValidationFailure(problems);
  return { from: from!, to: to!, excludeColonial: query.excludeColonial === true };
}

type ExcelRow = Omit<WeeklyReportRow, 'price' | 'commissioned'> & {
  priceCents: number;
  commissioned: string;
};

const EXCEL_COLUMNS: readonly ExcelColumn<ExcelRow>[] = [
  { header: 'Company Name', key: 'companyName', width: 32 },
  { header: 'State', key: 'state', width: 8 },
  { header: 'Order Date', key: 'orderDate', kind: 'date' },
  { header: 'Plan Start Date', key: 'planStartDate', kind: 'date' },
  { header: 'Plan End Date', key: 'planEndDate', kind: 'date' },
  { header: 'Payment Method', key: 'paymentMethod', width: 16 },
  { header: 'Transaction Id', key: 'transactionId', width: 20 },
  { header: 'Price', key: 'priceCents', kind: 'money' },
  { header: 'Commissioned', key: 'commissioned', width: 14 },
  { header: 'Broker', key: 'broker' },
  { header: 'Created By', key: 'createdBy' },
];

/** The weekly order report (specs/3-admin.md §2 Utilities, §7 Reports): compliance only. */
const salesReport: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/epop',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The weekly order report: the items sold from one day to another (inclusive)',
        querystring: WeeklyReportQuery,
        response: { 200: Type.Array(WeeklyReportRow) },
      },
    },
    async (request) => weeklyReportRows(app.db, checkedRange(request.query)),
  );

  app.get(
    '/epop/excel',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The weekly order report as an Excel file',
        querystring: WeeklyReportQuery,
        response: excelResponse,
      },
    },
    async (request, reply) => {
      const range = checkedRange(request.query);
      const rows = await weeklyReportRows(app.db, range);
      return sendExcel(
        reply,
        `Weekly Order Report ${range.from} to ${range.to}`,
        'Weekly Order Report',
        EXCEL_COLUMNS,
        rows.map(({ price, commissioned, ...row }) => ({
          ...row,
          priceCents: toCents(price),
          commissioned: commissioned ? 'Yes' : 'No',
        })),
      );
    },
  );
};

export default salesReport;
