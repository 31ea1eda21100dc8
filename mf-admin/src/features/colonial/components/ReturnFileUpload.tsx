import { Button } from 'shared-ui/bootstrap';
import {
  Busy,
  ConfirmDialog,
  DataTable,
  FileUpload,
  formatDate,
  notifyError,
  notifySuccess,
  type Column,
} from 'shared-ui';
import { UtilityHeader } from '../../../components/UtilityHeader.js';
import { uploadReturnFile, type ReturnFileRow } from '../api/return-file.js';
import { useReturnFileJob } from '../hooks/use-return-file-job.js';

/** specs/3-admin.md §8. */
export const UPLOADED = 'File has been uploaded and is currently processing';
export const KEEP_WAITING = 'The return file is still being processed. Do you want to keep waiting?';
const XLSX_TYPES = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** cart-api's limit; a larger file is told here, before a browser sends it to be cut off. */
const MAX_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE = 'The file is too large: upload a file of at most 10 MB';

const day = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : (value ?? '');

type IndexedRow = { row: ReturnFileRow; index: number };

const COLUMNS: Column<IndexedRow>[] = [
  { key: 'bcnVendor', header: 'BCN Vendor', cell: ({ row }) => row.bcnVendor },
  { key: 'bcn', header: 'BCN', cell: ({ row }) => row.bcn },
  { key: 'qualifyDate', header: 'Qualify Date', cell: ({ row }) => day(row.qualifyDate) },
  { key: 'noPay', header: 'No Pay', cell: ({ row }) => row.noPay },
  { key: 'result', header: 'Result', cell: ({ row }) => row.result },
  { key: 'success', header: 'Success', cell: ({ row }) => (row.success ? 'Yes' : 'No') },
  {
    key: 'clientId',
    header: 'Client Id',
    cell: ({ row }) => row.clientId ?? '',
    className: 'font-monospace small',
  },
];

/** A finished job's rows, a failed row in red (cart-api README "Colonial return file"). */
function ResultRows({ fileName, rows }: { fileName: string; rows: ReturnFileRow[] }) {
  const title = `Results: ${fileName} (${rows.filter((row) => row.success).length} of ${rows.length} rows applied)`;
  return (
    <>
      <h2 className="h5 mt-4">{title}</h2>
      <DataTable
        label={title}
        columns={COLUMNS}
        // The rows have no id of their own: each is keyed by its place in the file.
        rows={rows.map((row, index) => ({ row, index }))}
        rowKey={({ index }) => String(index)}
        rowClassName={({ row }) => (row.success ? undefined : 'table-danger')}
        empty="The file had no rows"
        size="sm"
        hover
      />
    </>
  );
}

/**
 * /admin/utilities/return-file-upload (specs/3-admin.md §2, §4, §5): the file upload control (XLSX
 * only; the server checks the content), then the job's result rows once it is done (cart-api README
 * "Colonial return file" defines the columns).
 */
export function ReturnFileUpload() {
  const { job, phase, rows, processed, longRunning, follow, keepWaiting, recheck, reset } =
    useReturnFileJob();
  const stillRunning =
    phase === 'stopped' && job !== undefined && longRunning.some((j) => j.jobId === job.jobId);

  return (
    <section>
      <UtilityHeader section="return-file-upload" />
      <p className="text-muted small">
        An Excel workbook (.xlsx) with the columns BCN Vendor, BCN, Qualify Date and No Pay (Account Id
        optional). An old .xls file must be saved as .xlsx first.
      </p>
      <FileUpload
        label="Return file"
        accept={XLSX_TYPES}
        onUpload={async (file) => {
          if (file.size > MAX_BYTES) {
            notifyError(TOO_LARGE);
            throw new Error(TOO_LARGE);
          }
          const { jobId } = await uploadReturnFile(file);
          notifySuccess(UPLOADED);
          follow(jobId, file.name);
        }}
        onStatusChange={(status) => {
          if (status === 'init') reset();
        }}
      />

      {phase === 'waiting' && job ? (
        <div className="d-flex align-items-center gap-2 mt-3">
          <Busy label="Processing" />
          <span>
            Processing {job.fileName}
            {processed > 0 ? ` (${processed} rows so far)` : ''}. Please wait
          </span>
        </div>
      ) : null}
      {stillRunning ? (
        <p className="mt-3">
          {job!.fileName} is still being processed: check it again later from the list below.
        </p>
      ) : null}

      {longRunning.length > 0 ? (
        <div className="mt-3">
          <h2 className="h6">Long-running uploads</h2>
          <ul className="list-unstyled mb-0">
            {longRunning.map((waiting) => (
              <li key={waiting.jobId}>
                {waiting.fileName}{' '}
                <Button variant="link" className="p-0 align-baseline" onClick={() => void recheck(waiting)}>
                  Check results of {waiting.fileName}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {phase === 'done' && rows ? <ResultRows fileName={job?.fileName ?? ''} rows={rows} /> : null}

      <ConfirmDialog
        show={phase === 'asking'}
        title="Still processing"
        message={KEEP_WAITING}
        confirmLabel="Keep Waiting"
        cancelLabel="Stop Waiting"
        onConfirm={() => keepWaiting(true)}
        onCancel={() => keepWaiting(false)}
      />
    </section>
  );
}
