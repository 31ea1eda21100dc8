import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { jsonObject } from '../../lib/json.js';
import { RULE_TYPE } from '../../contract/strategic-partner-rule-types.js';

// The rule type ids are the contract's (GET strategic-partner/rule lists them).
export { RULE_TYPE };

/** Custom pricing (type 3): the partner's prices replace the product's, with and without commission. */
export interface CustomPricing {
  priceCents: number;
  priceWithCommissionCents: number;
}

/** What a partner's rules change for one product's documents, where the order form and prices act. */
export interface PartnerRules {
  bypassShoppingCart: boolean;
  excludedStates: string[];
  customPricing: CustomPricing | null;
}

const NO_RULES: PartnerRules = { bypassShoppingCart: false, excludedStates: [], customPricing: null };

const cents = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/**
 * The rules of a partner that act on `productId`'s documents (a rule without a product acts on every
 * product). Settings are read defensively: a malformed row acts as no rule.
 */
export async function partnerRules(
  db: Kysely<Database>,
  strategicPartnerId: string | null | undefined,
  productId: string | null = null,
): Promise<PartnerRules> {
  if (!strategicPartnerId) return NO_RULES;
  const rows = await db
    .selectFrom('partner_rule')
    .select(['rule_type_id', 'product_id', 'settings'])
    .where('company_id', '=', strategicPartnerId)
    .orderBy('created_at')
    .execute();
  const rules: PartnerRules = { ...NO_RULES, excludedStates: [] };
  // A rule for the product comes after the partner's rule for every product, so its price wins.
  const ordered = [...rows].sort((a, b) => Number(a.product_id !== null) - Number(b.product_id !== null));
  for (const row of ordered) {
    if (productId !== null && row.product_id !== null && row.product_id !== productId) continue;
    const settings = jsonObject(row.settings);
    switch (Number(row.rule_type_id)) {
      case RULE_TYPE.bypassShoppingCart:
        rules.bypassShoppingCart ||= settings.bypass === true;
        break;
      case RULE_TYPE.excludeStates:
        if (Array.isArray(settings.states)) {
          for (const state of settings.states)
            if (typeof state === 'string' && !rules.excludedStates.includes(state))
              rules.excludedStates.push(state);
        }
        break;
      case RULE_TYPE.customPricing: {
        const price = cents(settings.priceCents);
        const withCommission = cents(settings.priceWithCommissionCents);
        if (price !== null && withCommission !== null)
          rules.customPricing = { priceCents: price, priceWithCommissionCents: withCommission };
        break;
      }
    }
  }
  return rules;
}
