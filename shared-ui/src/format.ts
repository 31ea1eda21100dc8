import { formatProductDate, formatProductDateTime } from 'shared-domain';

export { formatMoney } from 'shared-domain';

/**
 * The specs' default date format MM/DD/YYYY. Date-only strings (`2026-01-31`) are calendar dates and
 * never shift; an instant (an order's time, a change's) is printed as its day in the product's time
 * zone (America/New_York), whatever the browser's zone, so every screen and the PDFs agree.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const time =
    typeof value === 'string' ? (/^\d{4}-\d{2}-\d{2}$/.test(value) ? 0 : Date.parse(value)) : value.getTime();
  return Number.isNaN(time) ? '' : formatProductDate(value);
}

/**
 * An instant as 'MM/DD/YYYY h:mm a' (specs/3-admin.md §3: the change log; the generation history and
 * the test results) on the product's clock, whatever the browser's zone: '03/05/2026 2:07 PM'.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value || Number.isNaN(Date.parse(value))) return '';
  return formatProductDateTime(value);
}
