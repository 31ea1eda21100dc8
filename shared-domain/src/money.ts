/**
 * The product's money (issue 20): the database keeps integer cents (no float drift in sums), the API
 * and the screens speak dollars. One conversion each way and one formatter, for the browser and the
 * servers (receipts, e-mails, reports, toasts).
 */
let usd: Intl.NumberFormat | undefined;

/** `300` → `$300.00`, `1234.5` → `$1,234.50` (dollars). */
export function formatMoney(amount: number | null | undefined): string {
  // Made at the first use, not as the module loads: a currency formatter costs about 17 ms to make
  // (Intl's data), held against every page's start-up, most of which print no money.
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format(amount ?? 0);
}

/** Integer cents as dollars (`30000` → `300`). */
export const toDollars = (cents: number): number => Number(cents) / 100;

/** Cents as the specs print money: `30000` → `$300.00`. */
export const formatCents = (cents: number): string => formatMoney(toDollars(cents));

/** Dollars as integer cents, rounded to the nearest cent (`19.999` → `2000`). */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Dollars as integer cents when they are whole cents, else null (`1.005` is not an amount). */
export function wholeCents(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null;
  const cents = toCents(dollars);
  return Math.abs(cents - dollars * 100) < 1e-6 ? cents : null;
}
