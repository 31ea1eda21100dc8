import { Type, ValidationFailure } from 'service-kit';
import { addDays, productToday } from 'shared-domain';
import { REPORTS_MESSAGES } from '../domain/reports/messages.js';

/** specs/3-admin.md §5, §9: a report's year runs from this one back, never below 2017. */
export const FIRST_REPORT_YEAR = 2017;

/** `?month&year` of the monthly reports (the bill file, a partner's report). */
export const MonthQuery = Type.Object(
  {
    month: Type.Integer({ minimum: 1, maximum: 12 }),
    year: Type.Integer({ minimum: FIRST_REPORT_YEAR, maximum: 9999 }),
  },
  { additionalProperties: false, examples: [{ month: 3, year: 2026 }] },
);

export interface ReportMonth {
  /** `YYYY-MM`, for file names. */
  label: string;
  /** A UTC window a day wider on each side than the month: what the database narrows by. */
  from: string;
  to: string;
  /** Whether a timestamp's day, in the product's time zone, is in the month: the exact test. */
  contains(timestamp: string | null): boolean;
}

/**
 * `month` of `year` as the reports read it: in the product's time zone, so a sale at 11 pm in New
 * York on the last day belongs to that month. A year after this one is refused (400 validation).
 */
export function reportMonth({ month, year }: { month: number; year: number }, now = new Date()): ReportMonth {
  const current = Number(productToday(now).slice(0, 4));
  if (year > current) throw new ValidationFailure([REPORTS_MESSAGES.year(FIRST_REPORT_YEAR, current)]);
  const label = `${year}-${String(month).padStart(2, '0')}`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return {
    label,
    from: `${addDays(`${label}-01`, -1)}T00:00:00.000Z`,
    to: `${addDays(next, 1)}T00:00:00.000Z`,
    contains: (timestamp) => timestamp !== null && productToday(new Date(timestamp)).startsWith(label),
  };
}
