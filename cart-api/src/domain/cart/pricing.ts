/**
 * What a cart costs once its promo codes are applied (the rule the specs leave open, README "Promo
 * codes"). Pure: the cart read, the purchase and the tests all price through here.
 *
 * - A code applies from its start date to its end date, both inclusive, in the product's time zone;
 *   outside them it stays listed on the cart but takes nothing off.
 * - Product codes first, then Total codes, each kind in the order the codes were applied; each code
 *   works on what is left to pay after the codes before it.
 * - A Product code applies to each item of its product (every item when it names none): its
 *   percentage of the item, rounded half up to the cent, or its amount; at most its maximum, at most
 *   what is left of the item.
 * - A Total code applies to the subtotal left: its percentage of each item, rounded half up once per
 *   item, or its amount; when that exceeds the maximum (or the amount must be shared), the capped
 *   discount is shared between the items in proportion to what is left of each (largest remainder,
 *   so the cents add up exactly). Never more than what is left: a total is never negative.
 */

export interface PricedLine {
  id: string;
  productId: string;
  unitPriceCents: number;
}

export interface PromoTerms {
  discountId: string;
  percentage: number | null;
  amountCents: number | null;
  maxAmountCents: number | null;
  productId: string | null;
  type: 'Product' | 'Total';
  startDate: string;
  endDate: string;
  /**
   * The cart items it applies to, when not all: a code a partner's link-account-id rule applies to
   * its clients' items alone (README "Link account id to promo code").
   */
  lineIds?: readonly string[];
}

export interface LinePrice {
  id: string;
  unitPriceCents: number;
  discountCents: number;
  totalCents: number;
}

export interface CartPrice {
  lines: LinePrice[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  /** The codes that took something off (a paid order counts a use of each). */
  usedDiscountIds: string[];
}

/** `cents × percentage / 100`, rounded half up (integer arithmetic: percentages are whole numbers). */
export const percentOf = (cents: number, percentage: number): number =>
  Math.floor((cents * percentage + 50) / 100);

export const isValidOn = (code: Pick<PromoTerms, 'startDate' | 'endDate'>, today: string): boolean =>
  code.startDate <= today && today <= code.endDate;

/** Shares `amount` between `weights` in proportion, each share at most its weight, summing to `amount`. */
export function share(amount: number, weights: number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole === 0 || amount <= 0) return weights.map(() => 0);
  const target = Math.min(amount, whole);
  const exact = weights.map((weight) => (target * weight) / whole);
  const shares = exact.map(Math.floor);
  let left = target - shares.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - shares[index]! }))
    .filter(({ remainder }) => remainder > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

export function priceCart(lines: PricedLine[], codes: PromoTerms[], today: string): CartPrice {
  const left = lines.map((line) => line.unitPriceCents);
  const used = new Set<string>();
  const valid = codes.filter((code) => isValidOn(code, today));
  const ordered = [
    ...valid.filter((code) => code.type === 'Product'),
    ...valid.filter((code) => code.type === 'Total'),
  ];

  for (const code of ordered) {
    const cap = code.maxAmountCents ?? Number.POSITIVE_INFINITY;
    const applies = lines.map(
      (line) =>
        (code.productId === null || code.productId === line.productId) &&
        (code.lineIds === undefined || code.lineIds.includes(line.id)),
    );
    let taken: number[];
    if (code.type === 'Product') {
      taken = lines.map((_, index) => {
        if (!applies[index]) return 0;
        const off =
          code.percentage !== null ? percentOf(left[index]!, code.percentage) : (code.amountCents ?? 0);
        return Math.max(0, Math.min(off, cap, left[index]!));
      });
    } else {
      const weights = left.map((cents, index) => (applies[index] ? cents : 0));
      const perItem =
        code.percentage !== null ? weights.map((cents) => percentOf(cents, code.percentage!)) : null;
      const wanted = perItem ? perItem.reduce((sum, part) => sum + part, 0) : (code.amountCents ?? 0);
      taken = perItem && wanted <= cap ? perItem : share(Math.min(wanted, cap), weights);
    }
    taken.forEach((cents, index) => {
      left[index]! -= cents;
      if (cents > 0) used.add(code.discountId);
    });
  }

  const priced = lines.map((line, index) => ({
    id: line.id,
    unitPriceCents: line.unitPriceCents,
    discountCents: line.unitPriceCents - left[index]!,
    totalCents: left[index]!,
  }));
  const subtotalCents = priced.reduce((sum, line) => sum + line.unitPriceCents, 0);
  const totalCents = priced.reduce((sum, line) => sum + line.totalCents, 0);
  return {
    lines: priced,
    subtotalCents,
    discountCents: subtotalCents - totalCents,
    totalCents,
    usedDiscountIds: ordered.map((code) => code.discountId).filter((id) => used.has(id)),
  };
}
