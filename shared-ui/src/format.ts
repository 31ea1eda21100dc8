export { formatMoney } from 'shared-domain';

/**
 * The specs' default date format MM/DD/YYYY. Date-only strings (`2026-01-31`) are read as calendar
 * dates, never through the local time zone, so they cannot shift by a day.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const dateOnly = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (dateOnly) return `${dateOnly[2]}/${dateOnly[3]}/${dateOnly[1]}`;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${mm}/${dd}/${date.getFullYear()}`;
}
