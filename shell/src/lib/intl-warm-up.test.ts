import { describe, expect, it } from '@jest/globals';
import { PRODUCT_TIME_ZONE } from 'shared-domain';
import { WARM_TIME_ZONE, warmUpFormatters } from './intl-formats.js';

describe("the Intl warm-up worker's formatters", () => {
  it("use the product's time zone", () => {
    expect(WARM_TIME_ZONE).toBe(PRODUCT_TIME_ZONE);
  });

  it('make their formatters without failing (a worker has no one to report to)', () => {
    expect(() => warmUpFormatters()).not.toThrow();
  });
});
