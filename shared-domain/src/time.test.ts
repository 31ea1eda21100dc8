import { describe, expect, it } from '@jest/globals';
import {
  addDays,
  calendarDayOf,
  daysBetween,
  formatIsoDate,
  formatProductDate,
  formatProductDateTime,
  isIsoDate,
  productDay,
  productToday,
  startOfProductDay,
} from './time.js';

/** 23:30 in New York on December 31st, 2026: already January 1st, 2027 in UTC. */
const NEW_YEARS_EVE_LATE = new Date('2027-01-01T04:30:00Z');

describe("the product's calendar (America/New_York)", () => {
  it('is still December 31st at 23:30 New York time, when UTC has moved on', () => {
    expect(NEW_YEARS_EVE_LATE.toISOString().slice(0, 10)).toBe('2027-01-01');
    expect(productToday(NEW_YEARS_EVE_LATE)).toBe('2026-12-31');
    expect(productDay('2027-01-01T04:30:00.000Z')).toBe('2026-12-31');
    expect(formatProductDate(NEW_YEARS_EVE_LATE)).toBe('12/31/2026');
    expect(formatProductDateTime(NEW_YEARS_EVE_LATE)).toBe('12/31/2026 11:30 PM');
    // Half an hour later it is the new year there too.
    expect(productToday(new Date('2027-01-01T05:00:00Z'))).toBe('2027-01-01');
  });

  it('follows the clocks: midnight is 05:00 UTC in winter, 04:00 UTC in summer', () => {
    expect(startOfProductDay('2026-12-31').toISOString()).toBe('2026-12-31T05:00:00.000Z');
    expect(startOfProductDay('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
    // March 8th, 2026 (clocks forward) is 23 hours long; November 1st, 2026 (back) 25.
    const hours = (day: string) =>
      (startOfProductDay(addDays(day, 1)).getTime() - startOfProductDay(day).getTime()) / 3_600_000;
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
    expect(productDay(new Date('2026-03-08T04:59:00Z'))).toBe('2026-03-07');
    expect(productDay(new Date('2026-03-08T05:00:00Z'))).toBe('2026-03-08');
    expect(productDay(new Date('2026-11-02T04:59:00Z'))).toBe('2026-11-01');
    expect(productDay(new Date('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
    expect(formatProductDateTime(new Date('2026-11-01T05:30:00Z'))).toBe('11/01/2026 1:30 AM');
    expect(formatProductDateTime(new Date('2026-11-01T06:30:00Z'))).toBe('11/01/2026 1:30 AM');
  });

  it('counts calendar days, across a year, a leap day and the clock changes', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-08', -1)).toBe('2026-03-07');
    expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
    expect(daysBetween('2026-12-31', '2027-03-31')).toBe(90);
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
    expect(formatIsoDate('2026-03-01')).toBe('03/01/2026');
    expect(() => addDays('12/31/2026', 1)).toThrow('not an ISO date');
  });
});

describe('calendar days from outside', () => {
  it('isIsoDate refuses days that do not exist; calendarDayOf reads a date-only value as UTC', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('03/01/2026')).toBe(false);
    expect(calendarDayOf(new Date(Date.UTC(2026, 11, 31)))).toBe('2026-12-31');
  });
});
