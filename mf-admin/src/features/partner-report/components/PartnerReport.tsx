import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { productToday } from 'shared-domain';
import { formatDate, formatMoney, useDownload, useStrategicPartners } from 'shared-ui';
import { PeriodSelect } from '../../../components/PeriodSelect.js';
import { ReportResult, ReportRows, RunReportButton } from '../../../components/ReportResult.js';
import { useReportRun } from '../../../hooks/use-report-run.js';
import { currentPeriod, periodName, type ReportPeriod } from '../../../lib/report-period.js';
import { getPartnerReport, partnerReportExcelUrl } from '../api/get-partner-report.js';

/** A timestamp's day as compliance reads it (the product's time zone), MM/DD/YYYY. */
const productDate = (timestamp: string) => formatDate(productToday(new Date(timestamp)));

/** The report's question: a partner and a month. */
type PartnerReportQuery = { partnerId: string; period: ReportPeriod };
const getRows = ({ partnerId, period }: PartnerReportQuery) => getPartnerReport(partnerId, period);

/**
 * /admin/utilities/strategic-partner-report (specs/3-admin.md §2, §4, §5): a partner, a month and a
 * year (this month by default), 'Generating Report. Please wait' while it runs, the rows, and the
 * same rows as an Excel file.
 */
export function PartnerReport() {
  const { data: partners = [] } = useStrategicPartners();
  const [partnerId, setPartnerId] = useState('');
  const [period, setPeriod] = useState<ReportPeriod>(currentPeriod);
  const { running, result, run } = useReportRun(getRows);
  const { busy: downloading, download } = useDownload();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (partnerId) void run({ partnerId, period });
  }

  const partnerName = (id: string) => partners.find((partner) => partner.companyId === id)?.name ?? '';

  return (
    <section aria-labelledby="partner-report-title">
      <h2 id="partner-report-title" className="h4 mb-3">
        Strategic Partner Report
      </h2>
      <Form className="row g-3 align-items-end mb-3" onSubmit={submit}>
        <Form.Group className="col-md-5" controlId="partner-report-partner">
          <Form.Label>Strategic Partner</Form.Label>
          <Form.Select value={partnerId} onChange={(event) => setPartnerId(event.target.value)} required>
            <option value="">Select a strategic partner</option>
            {partners
              .flatMap(({ companyId, name }) => (companyId ? [{ companyId, name }] : []))
              .map((partner) => (
                <option key={partner.companyId} value={partner.companyId}>
                  {partner.name}
                </option>
              ))}
          </Form.Select>
        </Form.Group>
        <PeriodSelect idPrefix="partner-report" period={period} onChange={setPeriod} />
        <RunReportButton className="col-md-2" disabled={!partnerId || running} />
      </Form>

      <ReportResult running={running}>
        {result && (
          <ReportRows
            id="partner-report-rows"
            title={`${partnerName(result.query.partnerId)}: ${periodName(result.query.period)}`}
            rowCount={result.rows.length}
            emptyText="No documents were sold through this partner in that month"
            downloading={downloading}
            onDownload={() =>
              void download(
                partnerReportExcelUrl(result.query.partnerId, result.query.period),
                'Strategic Partner Report.xlsx',
              )
            }
            columns={
              <>
                <th scope="col">Document Id</th>
                <th scope="col">Client</th>
                <th scope="col">City</th>
                <th scope="col">State</th>
                <th scope="col">Created</th>
                <th scope="col">Plan Year Start</th>
                <th scope="col" className="text-end">
                  Price
                </th>
                <th scope="col">Payment Method</th>
                <th scope="col">New or Renewal</th>
              </>
            }
          >
            {result.rows.map((row, index) => (
              <tr key={`${row.documentId}-${index}`}>
                <td className="font-monospace small">{row.documentId}</td>
                <td>{row.clientCompanyName}</td>
                <td>{row.city}</td>
                <td>{row.state}</td>
                <td>{productDate(row.createdDate)}</td>
                <td>{formatDate(row.currentPlanYearStartDate)}</td>
                <td className="text-end">{formatMoney(row.price)}</td>
                <td>{row.paymentMethod}</td>
                <td>{row.newOrRenewal}</td>
              </tr>
            ))}
          </ReportRows>
        )}
      </ReportResult>
    </section>
  );
}
