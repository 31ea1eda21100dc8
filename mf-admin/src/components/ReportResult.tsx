import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Busy } from 'shared-ui';

/** §4: what a report's page says while it runs. */
export const GENERATING = 'Generating Report. Please wait';

/** A report form's submit button, in a column of `className`. */
export function RunReportButton({ className, disabled }: { className: string; disabled: boolean }) {
  return (
    <div className={className}>
      <Button type="submit" variant="primary" disabled={disabled}>
        Run Report
      </Button>
    </div>
  );
}

/** While a report runs, 'Generating Report. Please wait'; then `children` (its rows, once there are). */
export function ReportResult({ running, children }: { running: boolean; children: ReactNode }) {
  return running ? (
    <div className="d-flex align-items-center gap-2">
      <Busy label={GENERATING} /> <span>{GENERATING}</span>
    </div>
  ) : (
    children
  );
}

interface ReportRowsProps {
  /** The heading's id, which names the table. */
  id: string;
  title: ReactNode;
  rowCount: number;
  /** What shows instead of the table when there are no rows. */
  emptyText: string;
  downloading: boolean;
  onDownload(): void;
  /** Without rows the Download Excel button is disabled, or not shown at all. */
  withoutRows?: 'disabled' | 'hidden';
  /** The header row's cells (`<th scope="col">`). */
  columns: ReactNode;
  /** The body's rows (`<tr>`). */
  children: ReactNode;
}

/** A report's answer (specs/3-admin.md §4): its title, 'Download Excel', and the rows or `emptyText`. */
export function ReportRows({
  id,
  title,
  rowCount,
  emptyText,
  downloading,
  onDownload,
  withoutRows = 'disabled',
  columns,
  children,
}: ReportRowsProps) {
  return (
    <>
      <div className="d-flex align-items-center mb-2">
        <h3 className="h5 mb-0" id={id}>
          {title}
        </h3>
        {(rowCount > 0 || withoutRows === 'disabled') && (
          <Button
            variant="outline-success"
            size="sm"
            className="ms-auto"
            disabled={downloading || rowCount === 0}
            onClick={onDownload}
          >
            {downloading ? 'Downloading…' : 'Download Excel'}
          </Button>
        )}
      </div>
      {rowCount === 0 ? (
        <p className="text-muted">{emptyText}</p>
      ) : (
        <Table responsive hover size="sm" aria-labelledby={id}>
          <thead>
            <tr>{columns}</tr>
          </thead>
          <tbody>{children}</tbody>
        </Table>
      )}
    </>
  );
}
