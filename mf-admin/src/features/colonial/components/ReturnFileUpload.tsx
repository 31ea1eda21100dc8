import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Busy, ConfirmDialog, FileUpload, formatDate, notifyError, notifySuccess } from 'shared-ui';
import { uploadReturnFile } from '../api/return-file.js';
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
    <section aria-labelledby="return-file-upload-title">
      <h2 id="return-file-upload-title" className="h4 mb-3">
        Return File Upload
      </h2>
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
          <h3 className="h6">Long-running uploads</h3>
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

      {phase === 'done' && rows ? (
        <>
          <h3 className="h5 mt-4" id="return-file-rows">
            Results: {job?.fileName} ({rows.filter((row) => row.success).length} of {rows.length} rows
            applied)
          </h3>
          <Table responsive hover size="sm" aria-labelledby="return-file-rows">
            <thead>
              <tr>
                <th scope="col">BCN Vendor</th>
                <th scope="col">BCN</th>
                <th scope="col">Qualify Date</th>
                <th scope="col">No Pay</th>
                <th scope="col">Result</th>
                <th scope="col">Success</th>
                <th scope="col">Client Id</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} className={row.success ? undefined : 'table-danger'}>
                  <td>{row.bcnVendor}</td>
                  <td>{row.bcn}</td>
                  <td>{day(row.qualifyDate)}</td>
                  <td>{row.noPay}</td>
                  <td>{row.result}</td>
                  <td>{row.success ? 'Yes' : 'No'}</td>
                  <td className="font-monospace small">{row.clientId ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      ) : null}

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
