import type { ReactNode } from 'react';
import { Button } from 'shared-ui/bootstrap';
import { Busy, DataTable, type Column } from 'shared-ui';

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

interface ReportRowsProps<Row> {
  /** The answer's title (a heading), which also names its table. */
  title: string;
  rows: Row[];
  columns: Column<Row>[];
  /** What shows instead of the table when there are no rows. */
  emptyText: string;
  downloading: boolean;
  onDownload(): void;
  /** Without rows the Download Excel button is disabled, or not shown at all. */
  withoutRows?: 'disabled' | 'hidden';
}

/**
 * A report's answer (specs/3-admin.md §4): its title, 'Download Excel', and the rows or `emptyText`.
 * A wide report scrolls inside the table's own focusable box (from md up), or shows each row as a card
 * (below md): the page never scrolls sideways.
 */
export function ReportRows<Row>({
  title,
  rows,
  columns,
  emptyText,
  downloading,
  onDownload,
  withoutRows = 'disabled',
}: ReportRowsProps<Row>) {
  // A report's rows have no id of their own (two rows may be alike): each is keyed by its place.
  const indexed = rows.map((row, index) => ({ row, index }));
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 className="h5 mb-0 me-auto">{title}</h2>
        {(rows.length > 0 || withoutRows === 'disabled') && (
          <Button
            variant="outline-secondary"
            size="sm"
            disabled={downloading || rows.length === 0}
            onClick={onDownload}
          >
            {downloading ? 'Downloading…' : 'Download Excel'}
          </Button>
        )}
      </div>
      {/* Small print: the widest report (11 columns) fits a laptop's screen beside the utilities menu. */}
      <div className="small">
        <DataTable
          label={title}
          columns={columns.map((column): Column<{ row: Row; index: number }> => ({
            ...column,
            cell: ({ row }) => column.cell(row),
          }))}
          rows={indexed}
          rowKey={({ index }) => String(index)}
          empty={emptyText}
          size="sm"
          hover
        />
      </div>
    </>
  );
}
