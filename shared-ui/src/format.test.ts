import { describe, expect, it } from '@jest/globals';
import { formatDate, formatDateTime, formatMoney } from './format.js';

describe('formatting', () => {
  it('formats money in dollars with cents', () => {
    expect(formatMoney(300)).toBe('$300.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });

  it('formats dates as MM/DD/YYYY without shifting date-only values', () => {
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate(new Date(2026, 11, 31, 23, 0))).toBe('12/31/2026');
    // An instant is printed as its New York day: 23:30 there on Dec 31 is already Jan 1 in UTC.
    expect(formatDate('2027-01-01T04:30:00.000Z')).toBe('12/31/2026');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(null)).toBe('');
  });
});

describe('formatDateTime', () => {
  it("writes 'MM/DD/YYYY h:mm a' on US Eastern time, whatever the browser's zone", () => {
    expect(formatDateTime('2026-03-05T19:07:00.000Z')).toBe('03/05/2026 2:07 PM');
    expect(formatDateTime('2026-07-01T04:30:00.000Z')).toBe('07/01/2026 12:30 AM');
    expect(formatDateTime('2027-01-01T04:30:00.000Z')).toBe('12/31/2026 11:30 PM');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('garbage')).toBe('');
  });
});
