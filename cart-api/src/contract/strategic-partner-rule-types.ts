/** The rule types of specs/3-admin.md §3 "Partner rule" (ids 1 to 5). */
export const RULE_TYPE = {
  autoRenew: 1,
  bypassShoppingCart: 2,
  customPricing: 3,
  excludeStates: 4,
  linkAccountIdToPromoCode: 5,
} as const;

/** The five rule types of specs/3-admin.md §3 (ids 1 to 5), with the route their rows are posted to. */
export const RULE_TYPES = [
  {
    id: RULE_TYPE.autoRenew,
    name: 'auto-renew',
    displayName: 'Auto-Renew',
    description:
      'A Paid document of this partner is renewed and invoiced the set number of days before its plan year ends (0: not renewed).',
    route: 'auto-renew',
  },
  {
    id: RULE_TYPE.bypassShoppingCart,
    name: 'bypass shopping cart',
    displayName: 'Bypass Shopping Cart',
    description: "This partner's documents are saved without the shopping cart: no purchase.",
    route: 'bypass-shopping-cart',
  },
  {
    id: RULE_TYPE.customPricing,
    name: 'custom pricing',
    displayName: 'Custom Pricing',
    description: "This partner's prices replace the product's, without and with commission.",
    route: 'custom-pricing',
  },
  {
    id: RULE_TYPE.excludeStates,
    name: 'exclude states',
    displayName: 'Exclude States',
    description: "The order form of this partner's documents does not offer these states.",
    route: 'exclude-states',
  },
  {
    id: RULE_TYPE.linkAccountIdToPromoCode,
    name: 'link account id to promo code',
    displayName: 'Link Account ID to Promo Code',
    description:
      'A client of this partner whose account id is set gets the linked promo code applied at checkout.',
    route: 'link-account-id-to-promo-code',
  },
] as const;

export type RuleRoute = (typeof RULE_TYPES)[number]['route'];

export const ruleTypeById = (id: number) => RULE_TYPES.find((type) => type.id === id);
export const ruleTypeByRoute = (route: string) => RULE_TYPES.find((type) => type.route === route);
