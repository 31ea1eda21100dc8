import { describe, expect, it } from '@jest/globals';
import { percentOf, priceCart, share, type PromoTerms } from '../../../src/domain/cart/pricing.js';

const TODAY = '2026-11-25';
const code = (terms: Partial<PromoTerms>): PromoTerms => ({
  discountId: terms.discountId ?? 'code',
  percentage: null,
  amountCents: null,
  maxAmountCents: null,
  productId: null,
  type: 'Total',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  ...terms,
});
const line = (id: string, unitPriceCents: number, productId = 'epop') => ({ id, productId, unitPriceCents });

describe('priceCart (README "Promo codes")', () => {
  it('takes a Total percentage off each item, rounded half up once per item', () => {
    const price = priceCart([line('a', 30_000), line('b', 22_505)], [code({ percentage: 10 })], TODAY);
    expect(price.lines.map((l) => l.discountCents)).toEqual([3_000, 2_251]);
    expect(price).toMatchObject({
      subtotalCents: 52_505,
      discountCents: 5_251,
      totalCents: 47_254,
      usedDiscountIds: ['code'],
    });
    expect(percentOf(5, 10)).toBe(1); // 0.5 → 1
    expect(percentOf(4, 10)).toBe(0);
  });

  it('takes a Product amount off each matching item, never more than the item', () => {
    const price = priceCart(
      [line('a', 30_000), line('b', 4_000), line('c', 10_000, 'other')],
      [code({ amountCents: 5_000, type: 'Product', productId: 'epop' })],
      TODAY,
    );
    expect(price.lines.map((l) => l.discountCents)).toEqual([5_000, 4_000, 0]);
    expect(price.totalCents).toBe(35_000);
  });

  it('caps a code at its maximum, sharing a capped Total discount in proportion, cents adding up', () => {
    const price = priceCart(
      [line('a', 30_000), line('b', 30_000), line('c', 30_000)],
      [code({ percentage: 50, maxAmountCents: 10_000 })],
      TODAY,
    );
    expect(price.lines.map((l) => l.discountCents)).toEqual([3_334, 3_333, 3_333]);
    expect(price.discountCents).toBe(10_000);
    expect(share(100, [300, 300, 300])).toEqual([34, 33, 33]);
    expect(share(500, [100, 0])).toEqual([100, 0]);
  });

  it('applies Product codes before Total codes, each on what is left; a total is never negative', () => {
    const price = priceCart(
      [line('a', 30_000)],
      [
        code({ discountId: 'total', percentage: 10 }),
        code({ discountId: 'product', type: 'Product', amountCents: 5_000 }),
      ],
      TODAY,
    );
    expect(price.lines[0]).toMatchObject({ discountCents: 7_500, totalCents: 22_500 });
    expect(price.usedDiscountIds).toEqual(['product', 'total']);
    const free = priceCart(
      [line('a', 30_000)],
      [code({ percentage: 100 }), code({ discountId: 'more', amountCents: 99_999 })],
      TODAY,
    );
    expect(free).toMatchObject({ totalCents: 0, discountCents: 30_000, usedDiscountIds: ['code'] });
  });

  it('applies a code from its start date to its end date, inclusive', () => {
    const terms = code({ percentage: 10, startDate: '2026-11-25', endDate: '2026-11-25' });
    expect(priceCart([line('a', 1_000)], [terms], '2026-11-25').discountCents).toBe(100);
    expect(priceCart([line('a', 1_000)], [terms], '2026-11-24').discountCents).toBe(0);
    expect(priceCart([line('a', 1_000)], [terms], '2026-11-26')).toMatchObject({
      discountCents: 0,
      usedDiscountIds: [],
    });
  });
});
