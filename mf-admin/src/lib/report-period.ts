import { productToday } from 'shared-domain';

/** A report's month (1 to 12) and year: the strategic partner report and the Colonial bill file. */
export interface ReportPeriod {
  month: number;
  year: number;
}

/** §5, §9: report years go back 3 from this one, never below 2017. */
export const FIRST_REPORT_YEAR = 2017;
const YEARS_BACK = 3;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** This year and the 3 before it, never below 2017, newest first. */
export function reportYears(currentYear: number): number[] {
  const years: number[] = [];
  for (let year = currentYear; year >= Math.max(FIRST_REPORT_YEAR, currentYear - YEARS_BACK); year -= 1) {
    years.push(year);
  }
  return years;
}

/** Now's month and year in the product's time zone (both selects default to them). */
export function currentPeriod(): ReportPeriod {
  const [year, month] = productToday().split('-').map(Number);
  return { year: year!, month: month! };
}

/** 'March 2025'. */
export const periodName = ({ month, year }: ReportPeriod) => `${MONTH_NAMES[month - 1]} ${year}`;
