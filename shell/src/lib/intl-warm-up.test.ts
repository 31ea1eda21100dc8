import { describe, expect, it } from '@jest/globals';
import { formatMoney, PRODUCT_TIME_ZONE } from 'shared-domain';
import { WARM_TIME_ZONE, warmUpFormatters } from './intl-formats.js';

describe("the Intl warm-up worker's formatters", () => {
  it("use the product's time zone", () => {
    expect(WARM_TIME_ZONE).toBe(PRODUCT_TIME_ZONE);
  });

  it('make the formatters the page uses without failing', () => {
    expect(() => warmUpFormatters()).not.toThrow();
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });
});
