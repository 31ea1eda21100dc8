const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `300` → `$300.00` (dollars; the browser's tables and the server's receipts print money alike). */
export function formatMoney(amount: number | null | undefined): string {
  return money.format(amount ?? 0);
}

/** `2026-03-01` → `03/01/2026` (the specs' default date format), read as a calendar date. */
export function formatIsoDate(isoDate: string): string {
  return `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;
}
