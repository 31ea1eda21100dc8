import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { isCompliance } from '../../policies/rules.js';
import { discountExists } from './queries.js';

export const DISCOUNT_NOT_FOUND = 'Promo code not found';

/** The promo-code editor's refusals and the cart's (issue 10 "Promo codes"). */
export const DISCOUNT_MESSAGES = {
  oneOfAmounts: 'Give either a percentage or an amount, not both',
  wholeCents: (label: string) => `${label} must be in whole cents`,
  endBeforeStart: 'End Date must not be before Start Date',
  unknownProduct: 'Product not found',
  codeTaken: (code: string) => `The promo code ${code} already exists`,
  noCode: 'Enter a promo code',
  unknownCode: (code: string) => `The promo code ${code} does not exist`,
  expired: (code: string, endDate: string) => `The promo code ${code} expired on ${endDate}`,
  notYetValid: (code: string, startDate: string) => `The promo code ${code} is not valid until ${startDate}`,
  alreadyApplied: (code: string) => `The promo code ${code} has already been applied to your cart`,
  notApplied: (code: string) => `The promo code ${code} is not applied to your cart`,
  removed: (code: string) => `The promo code ${code} has been removed`,
} as const;

/**
 * `discount` (a promo code): compliance administers them; to anyone else a code's id reads like a
 * missing one (they apply codes by their text, never by id).
 */
export function discountPolicy(db: Kysely<Database>): Policy {
  return {
    exists: (id) => discountExists(db, id),
    async allows(caller, _action, id) {
      return isCompliance(caller) && discountExists(db, id);
    },
    notFoundMessage: DISCOUNT_NOT_FOUND,
  };
}
