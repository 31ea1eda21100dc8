import { Form as BootstrapForm } from 'shared-ui/bootstrap';
import { addDays, productToday } from 'shared-domain';
import { formatDate, formatMoney, TERMS, useDownload, type Column } from 'shared-ui';
import { DateField, Form, Formik, useField } from 'shared-ui/forms';
import { ReportResult, ReportRows, RunReportButton } from '../../../components/ReportResult.js';
import { UtilityHeader } from '../../../components/UtilityHeader.js';
import { useReportRun } from '../../../hooks/use-report-run.js';
import {
  getWeeklyReport,
  weeklyReportExcelUrl,
  type WeeklyReportQuery,
  type WeeklyReportRow,
} from '../api/get-weekly-report.js';

/**
 * §5: the default range, Monday of last week to this Sunday (weeks run Monday to Sunday), from
 * today in the product's time zone; YYYY-MM-DD, shown MM/DD/YYYY.
 */
export function defaultRange(today: string = productToday()): { from: string; to: string } {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const sinceMonday = (weekday + 6) % 7;
  const monday = addDays(today, -sinceMonday);
  return { from: addDays(monday, -7), to: addDays(monday, 6) };
}

const optionalDate = (day: string | null) => (day ? formatDate(day) : '');

const COLUMNS: Column<WeeklyReportRow>[] = [
  { key: 'companyName', header: TERMS.companyName, cell: (row) => row.companyName },
  { key: 'state', header: 'State', cell: (row) => row.state },
  { key: 'orderDate', header: 'Order Date', cell: (row) => formatDate(row.orderDate) },
  { key: 'planStart', header: 'Plan Start Date', cell: (row) => optionalDate(row.planStartDate) },
  { key: 'planEnd', header: 'Plan End Date', cell: (row) => optionalDate(row.planEndDate) },
  { key: 'paymentMethod', header: 'Payment Method', cell: (row) => row.paymentMethod },
  { key: 'transactionId', header: 'Transaction Id', cell: (row) => row.transactionId },
  { key: 'price', header: 'Price', cell: (row) => formatMoney(row.price), className: 'text-end' },
  { key: 'commissioned', header: 'Commissioned', cell: (row) => (row.commissioned ? 'Yes' : 'No') },
  { key: 'broker', header: 'Broker', cell: (row) => row.broker },
  { key: 'createdBy', header: 'Created By', cell: (row) => row.createdBy },
];

function ExcludeColonial() {
  const [field] = useField<boolean>({ name: 'excludeColonial', type: 'checkbox' });
  return (
    <BootstrapForm.Check
      id="weekly-report-exclude-colonial"
      label="Exclude Colonial"
      name={field.name}
      checked={field.checked ?? false}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}

/**
 * /admin/utilities/weekly-order-report (specs/3-admin.md §2, §4, §5): from and to (Monday of last
 * week to this Sunday by default), exclude Colonial, 'Generating Report. Please wait' while it runs;
 * the Excel file downloads by itself when there are rows, and the rows show below.
 */
export function WeeklyOrderReport() {
  const { running, result, run: runReport } = useReportRun(getWeeklyReport);
  const { busy: downloading, download } = useDownload();

  const fileName = ({ from, to }: WeeklyReportQuery) => `Weekly Order Report ${from} to ${to}.xlsx`;

  async function run(query: WeeklyReportQuery) {
    const rows = await runReport(query);
    // §4: the Excel download starts by itself when rows exist.
    if (rows && rows.length > 0) void download(weeklyReportExcelUrl(query), fileName(query));
  }

  return (
    <section>
      <UtilityHeader section="weekly-order-report" />
      <Formik<WeeklyReportQuery>
        initialValues={{ ...defaultRange(), excludeColonial: false }}
        validate={({ from, to }) =>
          from && to && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from > to
            ? { to: 'To must be on or after From' }
            : {}
        }
        onSubmit={run}
      >
        <Form className="row g-3 align-items-end mb-3" noValidate>
          <div className="col-md-3">
            <DateField name="from" label="From" required />
          </div>
          <div className="col-md-3">
            <DateField name="to" label="To" required />
          </div>
          <div className="col-md-3 mb-3">
            <ExcludeColonial />
          </div>
          <RunReportButton className="col-md-3 mb-3" disabled={running} />
        </Form>
      </Formik>

      <ReportResult running={running}>
        {result && (
          <ReportRows
            title={`Orders ${formatDate(result.query.from)} to ${formatDate(result.query.to)}`}
            emptyText="No orders were placed in these days"
            downloading={downloading}
            onDownload={() => void download(weeklyReportExcelUrl(result.query), fileName(result.query))}
            withoutRows="hidden"
            rows={result.rows}
            columns={COLUMNS}
          />
        )}
      </ReportResult>
    </section>
  );
}
