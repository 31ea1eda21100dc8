import { badRequest } from 'service-kit';
import { formatIsoDate, MESSAGES, productToday } from 'shared-domain';
import type { PromoCodeAnswer } from '../../contract/shopping-cart.js';
import { PROMO_CODES_MESSAGES } from '../promo-codes/messages.js';
import { codeKey, discountByCode } from '../promo-codes/queries.js';
import { refuseWhilePurchasing, type CartDeps } from './items.js';
import { applyCode, cartOf, removeAppliedCode } from './queries.js';

/**
 * Applies a promo code to a user's cart (the code as typed: trimmed, any case), not while a purchase
 * runs: refused when empty, unknown, ended or not yet valid (the product's today), or applied already.
 * Answers the toast's text and the cart priced again.
 */
export async function applyPromoCode(deps: CartDeps, userId: string, code: string): Promise<PromoCodeAnswer> {
  const { db } = deps;
  const typed = code.trim();
  await refuseWhilePurchasing(db, userId);
  if (typed === '') throw badRequest(PROMO_CODES_MESSAGES.noCode);
  const found = await discountByCode(db, typed);
  if (!found) throw badRequest(PROMO_CODES_MESSAGES.unknownCode(typed));
  const today = productToday(deps.now());
  if (today > found.end_date)
    throw badRequest(PROMO_CODES_MESSAGES.expired(found.code, formatIsoDate(found.end_date)));
  if (today < found.start_date) {
    throw badRequest(PROMO_CODES_MESSAGES.notYetValid(found.code, formatIsoDate(found.start_date)));
  }
  if (!(await applyCode(db, userId, found.discount_id))) {
    throw badRequest(PROMO_CODES_MESSAGES.alreadyApplied(found.code));
  }
  return { message: MESSAGES.discountApplied, cart: await cartOf(db, userId) };
}

/**
 * Takes a promo code off a user's cart (not while a purchase runs), refused when it is not on it. The
 * answer never tells whether a code exists (issue 21): only the caller's own cart is looked in, and a
 * code not on it is refused in the words the caller typed, the same for a code that exists and one
 * that does not (its stored spelling is told only for a code on the caller's cart, which lists it).
 */
export async function removePromoCode(
  deps: CartDeps,
  userId: string,
  code: string,
): Promise<PromoCodeAnswer> {
  const { db } = deps;
  const typed = code.trim();
  await refuseWhilePurchasing(db, userId);
  if (typed === '') throw badRequest(PROMO_CODES_MESSAGES.noCode);
  const removed = await removeAppliedCode(db, userId, codeKey(typed));
  if (removed === undefined) throw badRequest(PROMO_CODES_MESSAGES.notApplied(typed));
  return { message: PROMO_CODES_MESSAGES.removed(removed), cart: await cartOf(db, userId) };
}
