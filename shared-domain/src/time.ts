import { TZDate } from '@date-fns/tz';
import { addDays as addCalendarDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';

/**
 * The product's calendar (issue 20): every rule that asks "which day is it" (pricing, promo codes,
 * reminders, the renewal window, the test's plan-year check, Today/Yesterday) and every printed date
 * (receipts, PDFs, reports, change-log times) uses the day in this time zone; the compliance team works
 * on US Eastern time. An ISO date (YYYY-MM-DD) is a calendar day and never moves; an instant (a
 * timestamp) becomes a day only here.
 */
export const PRODUCT_TIME_ZONE = 'America/New_York';

/** A calendar day, YYYY-MM-DD. */
export type IsoDate = string;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An instant as the product's time zone sees it. */
const productTime = (at: Date | string | number) => new TZDate(new Date(at).getTime(), PRODUCT_TIME_ZONE);

/** The product's calendar day of an instant (a Date, an ISO timestamp or milliseconds). */
export function productDay(at: Date | string | number): IsoDate {
  return format(productTime(at), 'yyyy-MM-dd');
}

/** Today in the product's time zone, YYYY-MM-DD. */
export const productToday = (now: Date = new Date()): IsoDate => productDay(now);

/** A calendar day as a date at noon UTC: arithmetic on it cannot cross a day boundary. */
function calendarDay(isoDate: IsoDate): Date {
  const match = ISO_DAY.exec(isoDate);
  if (!match) throw new Error(`not an ISO date: ${isoDate}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12));
}

/** Whether a text is an ISO date naming a real calendar day (not 2026-02-30, not 2026-13-01). */
export function isIsoDate(text: string): boolean {
  return ISO_DAY.test(text) && calendarDay(text).toISOString().slice(0, 10) === text;
}

/** The calendar day a date-only value stands for: a spreadsheet cell's date is midnight UTC. */
export const calendarDayOf = (date: Date): IsoDate => date.toISOString().slice(0, 10);

/** `days` calendar days after (before, if negative) an ISO date. */
export function addDays(isoDate: IsoDate, days: number): IsoDate {
  return addCalendarDays(calendarDay(isoDate), days).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return differenceInCalendarDays(calendarDay(to), calendarDay(from));
}

/** The instant a product day begins (midnight in New York; 23 or 25 hours long on the days the clocks change). */
export function startOfProductDay(isoDate: IsoDate): Date {
  const day = calendarDay(isoDate);
  return new Date(
    new TZDate(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), PRODUCT_TIME_ZONE).getTime(),
  );
}

/** `2026-03-01` → `03/01/2026` (the specs' default date format), read as a calendar date. */
export function formatIsoDate(isoDate: IsoDate): string {
  return `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;
}

/**
 * A day as the specs print dates, MM/DD/YYYY: an ISO date as it is, an instant (a receipt's order time,
 * a PDF's generation time) as its product day.
 */
export const formatProductDate = (value: IsoDate | Date | string | number): string =>
  formatIsoDate(typeof value === 'string' && ISO_DAY.test(value) ? value : productDay(value));

/** An instant as the product's day and time, `12/31/2026 11:30 PM` (change logs, generation history). */
export function formatProductDateTime(at: Date | string | number): string {
  return format(productTime(at), 'MM/dd/yyyy h:mm a');
}
