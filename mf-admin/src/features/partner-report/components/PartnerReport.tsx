import { useState, type FormEvent } from 'react';
import { Form } from 'shared-ui/bootstrap';
import { productToday } from 'shared-domain';
import { formatDate, formatMoney, TERMS, useDownload, useStrategicPartners, type Column } from 'shared-ui';
import { PeriodSelect } from '../../../components/PeriodSelect.js';
import { ReportResult, ReportRows, RunReportButton } from '../../../components/ReportResult.js';
import { UtilityHeader } from '../../../components/UtilityHeader.js';
import { useReportRun } from '../../../hooks/use-report-run.js';
import { currentPeriod, periodName, type ReportPeriod } from '../../../lib/report-period.js';
import { getPartnerReport, partnerReportExcelUrl, type PartnerReportRow } from '../api/get-partner-report.js';

/** A timestamp's day as compliance reads it (the product's time zone), MM/DD/YYYY. */
const productDate = (timestamp: string) => formatDate(productToday(new Date(timestamp)));

const COLUMNS: Column<PartnerReportRow>[] = [
  {
    key: 'documentId',
    header: 'Document Id',
    cell: (row) => row.documentId,
    className: 'font-monospace small',
  },
  { key: 'client', header: 'Client', cell: (row) => row.clientCompanyName },
  { key: 'city', header: 'City', cell: (row) => row.city },
  { key: 'state', header: 'State', cell: (row) => row.state },
  { key: 'created', header: 'Created', cell: (row) => productDate(row.createdDate) },
  {
    key: 'planYearStart',
    header: 'Plan Year Start',
    cell: (row) => formatDate(row.currentPlanYearStartDate),
  },
  { key: 'price', header: 'Price', cell: (row) => formatMoney(row.price), className: 'text-end' },
  { key: 'paymentMethod', header: 'Payment Method', cell: (row) => row.paymentMethod },
  { key: 'newOrRenewal', header: 'New or Renewal', cell: (row) => row.newOrRenewal },
];

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
    <section>
      <UtilityHeader section="strategic-partner-report" />
      <Form className="row g-3 align-items-end mb-3" onSubmit={submit}>
        <Form.Group className="col-md-5" controlId="partner-report-partner">
          <Form.Label>{TERMS.strategicPartner}</Form.Label>
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
            title={`${partnerName(result.query.partnerId)}: ${periodName(result.query.period)}`}
            emptyText="No documents were sold through this partner in that month"
            downloading={downloading}
            onDownload={() =>
              void download(
                partnerReportExcelUrl(result.query.partnerId, result.query.period),
                'Strategic Partner Report.xlsx',
              )
            }
            rows={result.rows}
            columns={COLUMNS}
          />
        )}
      </ReportResult>
    </section>
  );
}
