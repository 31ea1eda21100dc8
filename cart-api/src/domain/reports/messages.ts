const notADate = (label: string) => `${label} must be a date as MM/DD/YYYY`;

/**
 * The reports' catalogue (README "Where a rule lives"; specs/3-admin.md §5, §7): the months of the
 * monthly reports (the bill file, a partner's report) and the weekly order report's range (the specs
 * give none of these refusals).
 */
export const REPORTS_MESSAGES = {
  /** A report's year: from the first one (FIRST_REPORT_YEAR) to this one. */
  year: (first: number, current: number) => `Year must be from ${first} to ${current}`,
  /** The weekly order report's From and To. */
  invalidFrom: notADate('From'),
  invalidTo: notADate('To'),
  fromAfterTo: 'From must be on or before To',
  tooLong: 'The report covers at most 366 days: choose a shorter range',
} as const;
