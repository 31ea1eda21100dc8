import { toDollars } from 'shared-domain';
import { Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { excelResponse, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { MonthQuery } from '../../lib/report-month.js';
import { PartnerReportRow } from '../../contract/strategic-partner-clients.js';
import { partnerReport, type PartnerSale } from '../../domain/partners/report.js';

const ReportParams = Type.Object(
  { id: Uuid({ description: 'the strategic partner' }) },
  { additionalProperties: false },
);

const REPORT_COLUMNS: readonly ExcelColumn<PartnerSale>[] = [
  { header: 'Document Id', key: 'documentId', width: 38 },
  { header: 'Client', key: 'clientCompanyName', width: 32 },
  { header: 'City', key: 'city', width: 18 },
  { header: 'State', key: 'state', width: 8 },
  { header: 'Created', key: 'createdDate', kind: 'date' },
  { header: 'Plan Year Start', key: 'currentPlanYearStartDate', kind: 'date', width: 16 },
  { header: 'Price', key: 'priceCents', kind: 'money' },
  { header: 'Payment Method', key: 'paymentMethod', width: 16 },
  { header: 'New or Renewal', key: 'newOrRenewal', width: 16 },
];

/**
 * `GET strategic-partner/{id}/report?month&year` and `…/report/excel` (specs/3-admin.md §7): the
 * partner's sales of a month, as rows and as an Excel file. Month 1 to 12; year 2017 to this one.
 */
const partnerReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/report',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: "A strategic partner's sales of a month (the strategic partner report)",
        params: ReportParams,
        querystring: MonthQuery,
        response: { 200: Type.Array(PartnerReportRow) },
      },
    },
    async (request): Promise<PartnerReportRow[]> => {
      const { rows } = await partnerReport(app.db, request.params.id, request.query);
      return rows.map(({ priceCents, soldAt: _soldAt, ...row }) => ({
        ...row,
        price: toDollars(priceCents),
      }));
    },
  );

  app.get(
    '/:id/report/excel',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The strategic partner report of a month as an Excel file',
        params: ReportParams,
        querystring: MonthQuery,
        response: excelResponse,
      },
    },
    async (request, reply) => {
      const { fileName, rows } = await partnerReport(app.db, request.params.id, request.query);
      return sendExcel(reply, fileName, 'Report', REPORT_COLUMNS, rows);
    },
  );
};

export default partnerReportRoutes;
