import { Type, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { excelResponse, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { MonthQuery, reportMonth } from '../../lib/report-month.js';
import { billFile } from '../../domain/colonial/bill-file.js';
import { BillFileRow } from '../../contract/colonial.js';

const BILL_FILE_COLUMNS: readonly ExcelColumn<BillFileRow>[] = [
  { header: 'accountId', key: 'accountId', width: 14 },
  { header: 'accountIdSuffix', key: 'accountIdSuffix', width: 16 },
  { header: 'Client', key: 'clientCompanyName', width: 32 },
  { header: 'City', key: 'city', width: 18 },
  { header: 'State', key: 'state', width: 8 },
  { header: 'group_id', key: 'group_id', width: 12 },
  { header: 'agentId', key: 'agentId', width: 12 },
  { header: 'Created', key: 'createdDate', kind: 'date' },
  { header: 'Plan Year Start', key: 'currentPlanYearStartDate', kind: 'date', width: 16 },
  { header: 'transCode', key: 'transCode', width: 10 },
];

/** `GET colonial/bill-file?month&year` and `…/excel` (specs/3-admin.md §7 Colonial). */
const billFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bill-file',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The Colonial bill file of a month: new, renewed and cancelled Colonial documents',
        querystring: MonthQuery,
        response: { 200: Type.Array(BillFileRow) },
      },
    },
    async (request) => billFile(app.db, reportMonth(request.query)),
  );

  app.get(
    '/bill-file/excel',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The Colonial bill file of a month as an Excel file',
        querystring: MonthQuery,
        response: excelResponse,
      },
    },
    async (request, reply) => {
      const period = reportMonth(request.query);
      const rows = await billFile(app.db, period);
      return sendExcel(reply, `Colonial Bill File ${period.label}`, 'Bill File', BILL_FILE_COLUMNS, rows);
    },
  );
};

export default billFileRoutes;
