import type { ComponentProps } from 'react';
import { Table } from '../bootstrap.js';

export type ScrollableTableProps = Omit<ComponentProps<typeof Table>, 'responsive'> & {
  /** The table's name, also the scroll box's (a landmark a keyboard user can tab to). */
  label: string;
};

/**
 * A table that scrolls sideways on a narrow screen inside a box the keyboard can reach (Tab to it, then
 * the arrow keys). Bootstrap's `responsive` wrapper cannot take the focus, so a keyboard user could not
 * scroll it (axe: scrollable-region-focusable).
 */
export function ScrollableTable({ label, children, ...table }: ScrollableTableProps) {
  return (
    // A focusable region is what makes the scroll box reachable; it is not an interactive control.
    <div className="table-responsive" tabIndex={0} role="region" aria-label={label}>
      <Table aria-label={label} {...table}>
        {children}
      </Table>
    </div>
  );
}
