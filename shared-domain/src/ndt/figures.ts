/**
 * Exact comparisons and honest rounding for the NDT's figures (non-discrimination-testing.md: "a figure
 * shown next to a limit is never rounded onto the limit").
 */

/** Which side of a limit a value lies on: −1 below, 0 exactly on it, 1 above. */
export type Side = -1 | 0 | 1;

/** A number's exact decimal value (the digits of its shortest form, as entered) as num ÷ den. */
interface Exact {
  num: bigint;
  den: bigint;
}

function exactOf(value: number): Exact {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const [mantissa = '0', exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(`${whole}${fraction}`) * (value < 0 ? -1n : 1n);
  return scale >= 0
    ? { num: digits, den: 10n ** BigInt(scale) }
    : { num: digits * 10n ** BigInt(-scale), den: 1n };
}

function productOf(factors: readonly number[]): Exact {
  return factors.map(exactOf).reduce((a, b) => ({ num: a.num * b.num, den: a.den * b.den }), {
    num: 1n,
    den: 1n,
  });
}

/**
 * The side of ∏left against ∏right, computed exactly on the decimals given (no floating point), so a
 * decision at a limit is never lost: compareProducts([100, key], [25, total]) is key ÷ total against 25%.
 */
export function compareProducts(left: readonly number[], right: readonly number[]): Side {
  const a = productOf(left);
  const b = productOf(right);
  const difference = a.num * b.den - b.num * a.den;
  return difference > 0n ? 1 : difference < 0n ? -1 : 0;
}

/** Half-up rounding to `decimals` places of the number's shortest decimal form (21.495 → 21.5, not 21.49). */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const [mantissa = '0', exponent = '0'] = String(Math.abs(value)).split('e');
  const shifted = Math.round(Number(`${mantissa}e${Number(exponent) + decimals}`));
  if (!Number.isSafeInteger(shifted)) return value;
  return (value < 0 ? -1 : 1) * Number(`${shifted}e${-decimals}`);
}

/** The 2 decimals figures are shown with, and the most a figure next to a limit may take. */
export const SHOWN_DECIMALS = 2;
export const MOST_DECIMALS = 10;

const sideOf = (difference: number): Side => (difference > 0 ? 1 : difference < 0 ? -1 : 0);

/** A limit a figure is shown against, and the side the exact value lies on (from compareProducts). */
export interface Against {
  limit: number;
  side: Side;
}

/**
 * The decimals a figure takes next to its limits: 2, and as many more (up to 10) as it takes for the
 * figure to stay on the side of each limit (both rounded alike) that the exact value is on, and to show its
 * distance to it. Exactly on a limit: 2.
 */
export function decimalsAgainst(value: number, against: readonly Against[]): number {
  let most = SHOWN_DECIMALS;
  for (const { limit, side } of against) {
    if (side === 0) continue;
    let decimals = SHOWN_DECIMALS;
    while (
      decimals < MOST_DECIMALS &&
      (sideOf(roundTo(value, decimals) - roundTo(limit, decimals)) !== side ||
        Math.abs(value - limit) < 10 ** -decimals)
    )
      decimals += 1;
    most = Math.max(most, decimals);
  }
  return most;
}

/**
 * A figure as shown next to one or more limits (decimalsAgainst): 21.495 against 21.5 shows 21.495 (not
 * 21.5 or 21.49), 25.005 against 25 shows 25.005 (not 25, nor 25.01); equal to the limit only when
 * exactly equal. `side` is the exact decision (compareProducts); without it the floating-point value's
 * own side is taken.
 */
export function shownAgainst(value: number, limit: number, side?: Side): number;
export function shownAgainst(value: number, limits: readonly Against[]): number;
export function shownAgainst(value: number, limits: number | readonly Against[], side?: Side): number {
  const against: readonly Against[] =
    typeof limits === 'number' ? [{ limit: limits, side: side ?? sideOf(value - limits) }] : limits;
  const decimals = decimalsAgainst(value, against);
  const figure = roundTo(value, decimals);
  // Within 10 decimals of a limit (or a floating-point value on the wrong side of an exact decision):
  // the limit itself, nudged to the exact value's side, rather than a figure that misstates it.
  for (const { limit, side: itsSide } of against) {
    const shownLimit = roundTo(limit, decimals);
    if (sideOf(figure - shownLimit) !== itsSide) return shownLimit + itsSide * 10 ** -MOST_DECIMALS;
  }
  return figure;
}

/**
 * Two figures compared with each other (the HCE and the non-HCE percentages), shown with the same
 * decimals so that the shown pair keeps the exact order `side` of value against other.
 */
export function shownSideBySide(value: number, other: number, side: Side): [number, number] {
  const against = [{ limit: other, side }];
  return [shownAgainst(value, against), roundTo(other, decimalsAgainst(value, against))];
}

/** A figure shown with 2 decimals, for figures next to no limit (pay, rates, the share of non-HCEs). */
export const shown = (value: number): number => roundTo(value, SHOWN_DECIMALS);
