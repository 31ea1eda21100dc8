import { badRequest } from 'service-kit';
import { formatIsoDate, MESSAGES, productToday } from 'shared-domain';
import type { PromoCodeAnswer } from '../../contract/shopping-cart.js';
import { DISCOUNT_MESSAGES } from '../promo-codes/policy.js';
import { discountByCode } from '../promo-codes/queries.js';
import { refuseWhilePurchasing, type CartDeps } from './items.js';
import { applyCode, cartOf, removeCode } from './queries.js';

/**
 * Applies a promo code to a user's cart (the code as typed: trimmed, any case), not while a purchase
 * runs: refused when empty, unknown, ended or not yet valid (the product's today), or applied already.
 * Answers the toast's text and the cart priced again.
 */
export async function applyPromoCode(deps: CartDeps, userId: string, code: string): Promise<PromoCodeAnswer> {
  const { db } = deps;
  const typed = code.trim();
  await refuseWhilePurchasing(db, userId);
  if (typed === '') throw badRequest(DISCOUNT_MESSAGES.noCode);
  const found = await discountByCode(db, typed);
  if (!found) throw badRequest(DISCOUNT_MESSAGES.unknownCode(typed));
  const today = productToday(deps.now());
  if (today > found.end_date)
    throw badRequest(DISCOUNT_MESSAGES.expired(found.code, formatIsoDate(found.end_date)));
  if (today < found.start_date) {
    throw badRequest(DISCOUNT_MESSAGES.notYetValid(found.code, formatIsoDate(found.start_date)));
  }
  if (!(await applyCode(db, userId, found.discount_id))) {
    throw badRequest(DISCOUNT_MESSAGES.alreadyApplied(found.code));
  }
  return { message: MESSAGES.discountApplied, cart: await cartOf(db, userId) };
}

/** Takes a promo code off a user's cart (not while a purchase runs); refused when it is not on it. */
export async function removePromoCode(
  deps: CartDeps,
  userId: string,
  code: string,
): Promise<PromoCodeAnswer> {
  const { db } = deps;
  const typed = code.trim();
  await refuseWhilePurchasing(db, userId);
  const found = await discountByCode(db, typed);
  if (!found || !(await removeCode(db, userId, found.discount_id))) {
    throw badRequest(DISCOUNT_MESSAGES.notApplied(found?.code ?? typed));
  }
  return { message: DISCOUNT_MESSAGES.removed(found.code), cart: await cartOf(db, userId) };
}
