import { describe, expect, it } from '@jest/globals';
import { formatCents, formatMoney, toCents, toDollars, wholeCents } from './money.js';

describe('money', () => {
  it('converts cents and dollars both ways and prints dollars as the specs do', () => {
    expect(toDollars(30_000)).toBe(300);
    expect(toCents(19.999)).toBe(2000);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatCents(30_000)).toBe('$300.00');
  });

  it('takes an amount only in whole cents', () => {
    expect(wholeCents(12.34)).toBe(1234);
    expect(wholeCents(0.07)).toBe(7);
    expect(wholeCents(1.005)).toBeNull();
    expect(wholeCents(Number.NaN)).toBeNull();
  });
});
