import { useState, type FormEvent } from 'react';
import { Form } from 'shared-ui/bootstrap';
import { productToday } from 'shared-domain';
import { formatDate, useDownload, type Column } from 'shared-ui';
import { PeriodSelect } from '../../../components/PeriodSelect.js';
import { ReportResult, ReportRows, RunReportButton } from '../../../components/ReportResult.js';
import { UtilityHeader } from '../../../components/UtilityHeader.js';
import { useReportRun } from '../../../hooks/use-report-run.js';
import { currentPeriod, periodName, type ReportPeriod } from '../../../lib/report-period.js';
import { billFileExcelUrl, getBillFile, type BillFileRow } from '../api/bill-file.js';

/** A timestamp's day as compliance reads it (the product's time zone), MM/DD/YYYY. */
const productDate = (timestamp: string) => formatDate(productToday(new Date(timestamp)));

/** What each transaction code means (cart-api README "Colonial bill file"). */
export const TRANS_CODE_NAMES: Record<string, string> = { A: 'New', R: 'Renewal', C: 'Cancelled' };

const COLUMNS: Column<BillFileRow>[] = [
  { key: 'accountId', header: 'Account Id', cell: (row) => row.accountId },
  { key: 'suffix', header: 'Suffix', cell: (row) => row.accountIdSuffix },
  { key: 'client', header: 'Client', cell: (row) => row.clientCompanyName },
  { key: 'city', header: 'City', cell: (row) => row.city },
  { key: 'state', header: 'State', cell: (row) => row.state },
  { key: 'groupId', header: 'Group Id', cell: (row) => row.group_id },
  { key: 'agentId', header: 'Agent Id', cell: (row) => row.agentId },
  { key: 'created', header: 'Created', cell: (row) => productDate(row.createdDate) },
  {
    key: 'planYearStart',
    header: 'Plan Year Start',
    cell: (row) => formatDate(row.currentPlanYearStartDate),
  },
  {
    key: 'transCode',
    header: 'Trans Code',
    cell: (row) => <abbr title={TRANS_CODE_NAMES[row.transCode]}>{row.transCode}</abbr>,
  },
];

/**
 * /admin/utilities/colonial-bill-file (specs/3-admin.md §2, §4, §5): a month and a year (this month
 * by default), 'Generating Report. Please wait' while it runs, the rows, and the Excel file.
 */
export function ColonialBillFile() {
  const [period, setPeriod] = useState<ReportPeriod>(currentPeriod);
  const { running, result, run } = useReportRun(getBillFile);
  const { busy: downloading, download } = useDownload();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(period);
  }

  return (
    <section>
      <UtilityHeader section="colonial-bill-file" />
      <Form className="row g-3 align-items-end mb-3" onSubmit={submit}>
        <PeriodSelect idPrefix="colonial-bill-file" period={period} onChange={setPeriod} />
        <RunReportButton className="col-md-3" disabled={running} />
      </Form>

      <ReportResult running={running}>
        {result && (
          <ReportRows
            title={`Bill file: ${periodName(result.query)}`}
            emptyText="No Colonial documents were created or cancelled in that month"
            downloading={downloading}
            onDownload={() => void download(billFileExcelUrl(result.query), 'Colonial Bill File.xlsx')}
            rows={result.rows}
            columns={COLUMNS}
          />
        )}
      </ReportResult>
    </section>
  );
}
