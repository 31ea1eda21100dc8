import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';

/**
 * Date input (1-foundation §5, 2-documents §5): MM/DD/YY, MM/DD/YYYY, YY-MM-DD, YYYY-MM-DD and
 * MMDDYYYY are accepted, the format chosen by the text's shape; shown as MM/DD/YYYY (the default date
 * format); stored as an ISO date (YYYY-MM-DD), which is what the API carries.
 */
export const DATE_PLACEHOLDER = 'mm/dd/yyyy';
export const DATE_DISPLAY_FORMAT = 'MM/dd/yyyy';
export const ISO_DATE_FORMAT = 'yyyy-MM-dd';
export const INVALID_DATE_MESSAGE = 'Enter a valid date (mm/dd/yyyy)';

/**
 * Two-digit years (MM/DD/YY, YY-MM-DD) by a fixed rule, not one that moves with today's date: 69 to 99
 * are 1969 to 1999, 00 to 68 are 2000 to 2068 (POSIX `strptime %y`). The same text always means the
 * same date.
 */
export function fullYear(twoDigits: string): string {
  const year = Number(twoDigits);
  return String(year >= 69 ? 1900 + year : 2000 + year);
}

/** Each accepted shape, rewritten to a four-digit year and the date-fns format that reads it. */
const SHAPES: ReadonlyArray<{ pattern: RegExp; rewrite: (m: RegExpMatchArray) => string; format: string }> = [
  { pattern: /^(\d{2})\/(\d{2})\/(\d{4})$/, rewrite: (m) => `${m[1]}/${m[2]}/${m[3]}`, format: 'MM/dd/yyyy' },
  {
    pattern: /^(\d{2})\/(\d{2})\/(\d{2})$/,
    rewrite: (m) => `${m[1]}/${m[2]}/${fullYear(m[3]!)}`,
    format: 'MM/dd/yyyy',
  },
  { pattern: /^(\d{4})-(\d{2})-(\d{2})$/, rewrite: (m) => `${m[1]}-${m[2]}-${m[3]}`, format: 'yyyy-MM-dd' },
  {
    pattern: /^(\d{2})-(\d{2})-(\d{2})$/,
    rewrite: (m) => `${fullYear(m[1]!)}-${m[2]}-${m[3]}`,
    format: 'yyyy-MM-dd',
  },
  { pattern: /^(\d{2})(\d{2})(\d{4})$/, rewrite: (m) => `${m[1]}/${m[2]}/${m[3]}`, format: 'MM/dd/yyyy' },
];

/** Noon, so no time zone moves the calendar day (the value is a date, not an instant). */
const REFERENCE = new Date(2000, 0, 1, 12);

/**
 * The date a typed text names, or null when it names none. The parse is checked by a round trip
 * (formatting the date gives the text back), so 02/30/2026 or 13/01/2026 is refused instead of rolling
 * over into the next month.
 */
export function parseDateInput(text: string): Date | null {
  const trimmed = text.trim();
  for (const shape of SHAPES) {
    const match = trimmed.match(shape.pattern);
    if (!match) continue;
    const normalized = shape.rewrite(match);
    const date = parse(normalized, shape.format, REFERENCE);
    return isValid(date) && format(date, shape.format) === normalized ? date : null;
  }
  return null;
}

/** An ISO date (YYYY-MM-DD) from typed text, or null. */
export function toIsoDate(text: string): string | null {
  const date = parseDateInput(text);
  return date === null ? null : format(date, ISO_DATE_FORMAT);
}

/** The date of an ISO date string, or null when the string is not one. */
export function fromIsoDate(iso: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const date = parse(iso, ISO_DATE_FORMAT, REFERENCE);
  return isValid(date) && format(date, ISO_DATE_FORMAT) === iso ? date : null;
}

/** MM/DD/YYYY for an ISO date; any other text is returned as it is (a half-typed value stays visible). */
export function displayDate(iso: string): string {
  const date = fromIsoDate(iso);
  return date === null ? iso : format(date, DATE_DISPLAY_FORMAT);
}
