import { formatDate } from 'shared-ui';

/** '01/31/2026 3:05 PM': the specs' date format and the local time (several generations a day). */
export function dateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${formatDate(date)} ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}
