import { describe, expect, it } from '@jest/globals';
import { formatDate, formatMoney } from './format.js';

describe('formatting', () => {
  it('formats money in dollars with cents', () => {
    expect(formatMoney(300)).toBe('$300.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });

  it('formats dates as MM/DD/YYYY without shifting date-only values', () => {
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate(new Date(2026, 11, 31, 23, 0))).toBe('12/31/2026');
    expect(formatDate(null)).toBe('');
  });
});
