import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { isCompliance } from '../../policies/rules.js';
import { PROMO_CODES_MESSAGES } from './messages.js';
import { discountExists } from './queries.js';

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
    notFoundMessage: PROMO_CODES_MESSAGES.notFound,
  };
}
