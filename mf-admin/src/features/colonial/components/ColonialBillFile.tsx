import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { productToday } from 'shared-domain';
import { formatDate, useDownload } from 'shared-ui';
import { PeriodSelect } from '../../../components/PeriodSelect.js';
import { ReportResult, ReportRows, RunReportButton } from '../../../components/ReportResult.js';
import { useReportRun } from '../../../hooks/use-report-run.js';
import { currentPeriod, periodName, type ReportPeriod } from '../../../lib/report-period.js';
import { billFileExcelUrl, getBillFile } from '../api/bill-file.js';

/** A timestamp's day as compliance reads it (the product's time zone), MM/DD/YYYY. */
const productDate = (timestamp: string) => formatDate(productToday(new Date(timestamp)));

/** What each transaction code means (cart-api README "Colonial bill file"). */
export const TRANS_CODE_NAMES: Record<string, string> = { A: 'New', R: 'Renewal', C: 'Cancelled' };

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
    <section aria-labelledby="colonial-bill-file-title">
      <h2 id="colonial-bill-file-title" className="h4 mb-3">
        Colonial Bill File
      </h2>
      <Form className="row g-3 align-items-end mb-3" onSubmit={submit}>
        <PeriodSelect idPrefix="colonial-bill-file" period={period} onChange={setPeriod} />
        <RunReportButton className="col-md-3" disabled={running} />
      </Form>

      <ReportResult running={running}>
        {result && (
          <ReportRows
            id="colonial-bill-file-rows"
            title={`Bill file: ${periodName(result.query)}`}
            rowCount={result.rows.length}
            emptyText="No Colonial documents were created or cancelled in that month"
            downloading={downloading}
            onDownload={() => void download(billFileExcelUrl(result.query), 'Colonial Bill File.xlsx')}
            columns={
              <>
                <th scope="col">Account Id</th>
                <th scope="col">Suffix</th>
                <th scope="col">Client</th>
                <th scope="col">City</th>
                <th scope="col">State</th>
                <th scope="col">Group Id</th>
                <th scope="col">Agent Id</th>
                <th scope="col">Created</th>
                <th scope="col">Plan Year Start</th>
                <th scope="col">Trans Code</th>
              </>
            }
          >
            {result.rows.map((row, index) => (
              <tr key={index}>
                <td>{row.accountId}</td>
                <td>{row.accountIdSuffix}</td>
                <td>{row.clientCompanyName}</td>
                <td>{row.city}</td>
                <td>{row.state}</td>
                <td>{row.group_id}</td>
                <td>{row.agentId}</td>
                <td>{productDate(row.createdDate)}</td>
                <td>{formatDate(row.currentPlanYearStartDate)}</td>
                <td title={TRANS_CODE_NAMES[row.transCode]}>{row.transCode}</td>
              </tr>
            ))}
          </ReportRows>
        )}
      </ReportResult>
    </section>
  );
}
