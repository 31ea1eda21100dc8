import type { ReactNode } from 'react';
import { Table } from '../bootstrap.js';
import { EmptyState, LoadFailed, LoadingState } from './states.js';

export interface Column<T> {
  /** Unique among the columns (React's key). */
  key: string;
  /** The column's heading; also each value's label in the card layout. */
  header: string;
  cell(row: T): ReactNode;
  /** A visually hidden heading (a checkbox or actions column): the header still names it. */
  hideHeader?: boolean;
  /** The row's header cell (`th scope="row"`: the order number that names an order's row). */
  rowHeader?: boolean;
  /** Classes of the column's cells (alignment, `text-nowrap`). */
  className?: string;
}

export interface DataTableProps<T> {
  /** The table's accessible name (its caption, visually hidden unless `showCaption`). */
  label: string;
  showCaption?: boolean;
  columns: Column<T>[];
  /** The rows; undefined while the first answer is on its way (the loading state shows). */
  rows: T[] | undefined;
  rowKey(row: T): string;
  /** What an empty list says (the specs' text: 'No orders found', …), or a whole EmptyState. */
  empty: ReactNode;
  busyLabel?: string;
  /** What could not be loaded ('promo codes') when the first answer failed; shown instead of the table. */
  loadError?: string | false | null;
  /** Classes of a row (`data-table-row-new` for a row to act on: a new order). */
  rowClassName?(row: T): string | undefined;
  /** Bootstrap table options. */
  size?: 'sm';
  striped?: boolean;
  hover?: boolean;
}

/**
 * The one table of every list: the loading state until the rows come (the load-failure state if they
 * do not), the empty state when there are
 * none, else a table. Below Bootstrap's `md` breakpoint each row becomes a card whose values carry their
 * column's name (styles.css `.data-table`), so nothing scrolls sideways on a phone; from `md` up a
 * table too wide for the screen scrolls inside a box the keyboard can reach. The explicit roles keep
 * the table's semantics when the card layout changes its CSS display (browsers drop them otherwise).
 */
export function DataTable<T>({
  label,
  showCaption = false,
  columns,
  rows,
  rowKey,
  empty,
  busyLabel = 'Loading',
  loadError,
  rowClassName,
  size,
  striped,
  hover,
}: DataTableProps<T>) {
  if (rows === undefined)
    return loadError ? <LoadFailed what={loadError} /> : <LoadingState label={busyLabel} />;
  if (rows.length === 0) return typeof empty === 'string' ? <EmptyState>{empty}</EmptyState> : <>{empty}</>;
  return (
    // A focusable region makes a wide table's scroll box reachable by keyboard (axe:
    // scrollable-region-focusable); it is not an interactive control.
    <div className="data-table-scroll" tabIndex={0} role="region" aria-label={label}>
      <Table className="data-table align-middle" role="table" size={size} striped={striped} hover={hover}>
        <caption className={showCaption ? 'caption-top' : 'visually-hidden'}>{label}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.key} scope="col" role="columnheader" className={column.className}>
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr key={rowKey(row)} role="row" className={rowClassName?.(row)}>
              {columns.map((column) => {
                const label = column.hideHeader ? undefined : column.header;
                return column.rowHeader ? (
                  <th
                    key={column.key}
                    scope="row"
                    role="rowheader"
                    className={column.className}
                    data-label={label}
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} role="cell" className={column.className} data-label={label}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
