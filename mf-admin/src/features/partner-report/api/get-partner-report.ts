import { apiClient, apiUrl, call, type ApiResult } from 'shared-ui';
import type { ReportPeriod } from '../../../lib/report-period.js';

/** A row of the strategic partner report (specs/3-admin.md §3 "Partner report row"). */
export type PartnerReportRow = ApiResult<'/strategic-partner/{id}/report'>[number];

/** GET strategic-partner/{id}/report?month&year (specs/3-admin.md §7). */
export const getPartnerReport = (partnerId: string, { month, year }: ReportPeriod) =>
  call(
    apiClient.GET('/strategic-partner/{id}/report', {
      params: { path: { id: partnerId }, query: { month, year } },
    }),
  );

/** GET strategic-partner/{id}/report/excel?month&year: the same rows as an Excel file. */
export const partnerReportExcelUrl = (partnerId: string, { month, year }: ReportPeriod) =>
  `${apiUrl('/strategic-partner/{id}/report/excel', { id: partnerId })}?${new URLSearchParams({
    month: String(month),
    year: String(year),
  })}`;
