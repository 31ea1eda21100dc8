import { apiClient, apiUrl, call, type ApiResult } from 'shared-ui';
import type { ReportPeriod } from '../../../lib/report-period.js';

/** A row of the Colonial bill file (specs/3-admin.md §3 "Bill-file row"). */
export type BillFileRow = ApiResult<'/colonial/bill-file'>[number];

/** GET colonial/bill-file?month&year (specs/3-admin.md §7 Colonial). */
export const getBillFile = ({ month, year }: ReportPeriod) =>
  call(apiClient.GET('/colonial/bill-file', { params: { query: { month, year } } }));

/** GET colonial/bill-file/excel?month&year: the same rows as an Excel file. */
export const billFileExcelUrl = ({ month, year }: ReportPeriod) =>
  `${apiUrl('/colonial/bill-file/excel')}?${new URLSearchParams({ month: String(month), year: String(year) })}`;
