import { PRODUCT_TIME_ZONE } from 'shared-domain';

/** The client screens' texts (specs/3-admin.md §2 Clients, §4, §8). */
export const CLIENT_MESSAGES = {
  searchLabel: 'Search All Clients',
  noResults: 'No results found',
  noRecent: 'No clients viewed yet',
  confirmRemoveBroker: 'Do you want to remove the broker from this client?',
  brokerRemoved: 'Broker has been removed',
  updated: (name: string) => `${name} has been updated`,
  noChanges: 'No changes recorded',
  noDocuments: 'No documents found',
} as const;

const changeDateParts = new Intl.DateTimeFormat('en-US', {
  timeZone: PRODUCT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/**
 * A change-log date as 'MM/DD/YYYY h:mm a' (specs/3-admin.md §3), on the product's clock (US
 * Eastern, where the compliance team works): '03/05/2026 2:07 PM'.
 */
export function formatChangeDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    changeDateParts.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}
