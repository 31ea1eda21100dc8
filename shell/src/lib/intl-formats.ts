/** shared-domain's PRODUCT_TIME_ZONE, written out: the worker that uses it imports nothing shared (a test holds them equal). */
export const WARM_TIME_ZONE = 'America/New_York';

/**
 * Makes the formatters a page makes first, once: shared-domain's formatMoney (a currency formatter),
 * and @date-fns/tz's offset formatter and a day formatter in the product's time zone (its dates).
 */
export function warmUpFormatters(): void {
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0);
  new Intl.DateTimeFormat('en-US', { timeZone: WARM_TIME_ZONE, timeZoneName: 'longOffset' }).format(0);
  new Intl.DateTimeFormat('en-US', {
    timeZone: WARM_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(0);
}
