/** shared-domain's PRODUCT_TIME_ZONE, written out: the worker that uses it imports nothing shared (a test holds them equal). */
export const WARM_TIME_ZONE = 'America/New_York';

/**
 * Makes the formatters a page makes first, once: shared-domain's formatMoney (a currency formatter)
 * and @date-fns/tz's offset formatter in the product's time zone (every product date goes through it).
 */
export function warmUpFormatters(): void {
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0);
  new Intl.DateTimeFormat('en-US', { timeZone: WARM_TIME_ZONE, timeZoneName: 'longOffset' }).format(0);
}
