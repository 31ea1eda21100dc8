import { apiClient, apiUrl, call, type ApiResult } from 'shared-ui';

/** A row of the weekly order report (specs/3-admin.md §3 "Weekly report row"). */
export type WeeklyReportRow = ApiResult<'/sales-report/epop'>[number];

/** The report's question: days YYYY-MM-DD, inclusive. */
export interface WeeklyReportQuery {
  from: string;
  to: string;
  excludeColonial: boolean;
}

/** GET sales-report/epop?from&to&excludeColonial (specs/3-admin.md §7 Reports). */
export const getWeeklyReport = ({ from, to, excludeColonial }: WeeklyReportQuery) =>
  call(apiClient.GET('/sales-report/epop', { params: { query: { from, to, excludeColonial } } }));

/** GET sales-report/epop/excel (same query): the same rows as an Excel file. */
export const weeklyReportExcelUrl = ({ from, to, excludeColonial }: WeeklyReportQuery) =>
  `${apiUrl('/sales-report/epop/excel')}?${new URLSearchParams({
    from,
    to,
    excludeColonial: String(excludeColonial),
  })}`;
