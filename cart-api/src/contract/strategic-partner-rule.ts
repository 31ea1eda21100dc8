import { LiteralUnion, Nullable, Type, Uuid, type Static } from 'service-kit';
import { RULE_TYPES, type RuleRoute } from './strategic-partner-rule-types.js';

/** specs/3-admin.md §3 "Partner rule": a rule type, as `GET strategic-partner/rule` lists them. */
export const RuleType = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 5, description: 'the rule type id, 1 to 5' }),
  name: Type.String({ description: "§3's name: 'auto-renew', 'bypass shopping cart'…" }),
  displayName: Type.String(),
  description: Type.String(),
  route: Type.String({
    description: 'where its rows are posted: strategic-partner/{companyId}/rule/{route}',
  }),
});
export type RuleType = Static<typeof RuleType>;

/**
 * A rule assigned to a partner (`GET strategic-partner/{companyId}/rule`): one entry per rule type it
 * has rows of; `id` is the rule type id (what `DELETE …/rule/{ruleId}` takes), `summary` its rows in words.
 */
export const AssignedRule = Type.Object({
  ...RuleType.properties,
  ruleTypeId: Type.Integer({ minimum: 1, maximum: 5 }),
  summary: Type.String({ description: "its rows in words, e.g. 'CA, NY, WA'" }),
});
export type AssignedRule = Static<typeof AssignedRule>;

/**
 * A rule row (specs/3-admin.md §3 table), the fields of its type only:
 * 1 auto-renew productId, productName, daysPrior · 2 bypass · 3 price, priceWithCommission (dollars)
 * · 4 states (comma-separated abbreviations) · 5 linked. productId null: every product.
 */
export const RuleRow = Type.Object({
  ruleId: Uuid(),
  ruleTypeId: Type.Integer({ minimum: 1, maximum: 5 }),
  productId: Nullable(Uuid()),
  productName: Nullable(Type.String()),
  daysPrior: Type.Optional(
    Type.Integer({ description: 'auto-renew: days before the plan year ends; 0 = none' }),
  ),
  bypass: Type.Optional(Type.Boolean()),
  price: Type.Optional(Type.Number({ description: 'dollars' })),
  priceWithCommission: Type.Optional(Type.Number({ description: 'dollars' })),
  states: Type.Optional(Type.String({ description: "comma-separated abbreviations, e.g. 'CA, NY'" })),
  linked: Type.Optional(Type.Boolean()),
});
export type RuleRow = Static<typeof RuleRow>;

/** A row as the rule's detail form sends it; the fields of other types are refused by the checks. */
export const RuleRowInput = Type.Object(
  {
    ruleId: Type.Optional(Uuid({ description: 'ignored: rows are replaced' })),
    ruleTypeId: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 1000, description: 'ignored: the route names the type' }),
    ),
    productId: Type.Optional(Nullable(Uuid())),
    productName: Type.Optional(
      Nullable(Type.String({ maxLength: 200, description: 'ignored: the product’s own' })),
    ),
    // Wide bounds: the checks word what is out of range (a negative price, 400 days).
    daysPrior: Type.Optional(Type.Number({ minimum: -1_000_000, maximum: 1_000_000 })),
    bypass: Type.Optional(Type.Boolean()),
    price: Type.Optional(Type.Number({ minimum: -1_000_000, maximum: 1_000_000, description: 'dollars' })),
    priceWithCommission: Type.Optional(
      Type.Number({ minimum: -1_000_000, maximum: 1_000_000, description: 'dollars' }),
    ),
    states: Type.Optional(Type.String({ maxLength: 1000 })),
    linked: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type RuleRowInput = Static<typeof RuleRowInput>;

/** `POST strategic-partner/{companyId}/rule/{route}`: the type's rows, replacing those it had. */
export const RuleRowsBody = Type.Array(RuleRowInput, {
  maxItems: 100,
  examples: [[{ linked: true }]],
});

// The rule types' routes (a non-empty list): typed as their union, not `never`.
const routes = RULE_TYPES.map((type) => type.route) as unknown as readonly [RuleRoute, ...RuleRoute[]];

export const RuleRouteParams = Type.Object(
  { id: Uuid(), route: LiteralUnion(routes, { description: "a rule type's route" }) },
  { additionalProperties: false },
);

const RuleTypeId = Type.Integer({ minimum: 1, maximum: 5, description: 'a rule type id, 1 to 5' });

export const RuleTypeParams = Type.Object(
  { id: Uuid(), ruleTypeId: RuleTypeId },
  { additionalProperties: false },
);
export const RuleIdParams = Type.Object(
  { id: Uuid(), ruleId: { ...RuleTypeId, description: 'the rule type id of the assigned rule' } },
  { additionalProperties: false },
);
export const RuleRemoveQuery = Type.Object(
  { productId: Type.Optional(Uuid({ description: "only this product's row; none: every row of the rule" })) },
  { additionalProperties: false },
);

export const RuleRemoved = Type.Object({
  ruleTypeId: Type.Integer(),
  removed: Type.Integer({ description: 'how many rows were removed' }),
});
