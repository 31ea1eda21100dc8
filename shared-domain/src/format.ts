const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `300` → `$300.00` (dollars; the browser's tables and the server's receipts print money alike). */
export function formatMoney(amount: number | null | undefined): string {
  return money.format(amount ?? 0);
}
