import { toDollars, wholeCents } from 'shared-domain';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { US_STATE_IDS } from 'shared-domain/forms';
import type { Database } from '../../db/schema.js';
import { jsonObject } from '../../lib/json.js';
import { PARTNERS_MESSAGES } from './messages.js';
import { RULE_TYPE } from './rules.js';
import type { AssignedRule, RuleRow, RuleRowInput } from '../../contract/strategic-partner-rule.js';
import { RULE_TYPES, ruleTypeById, type RuleRoute } from '../../contract/strategic-partner-rule-types.js';

/** The auto-renew default (specs/3-admin.md §5, §9): 3 days; 0 means none. */
export const DEFAULT_DAYS_PRIOR = 3;
/** The most days before the plan year end a renewal may be set to (a year). */
export const MAX_DAYS_PRIOR = 365;
/** The largest custom price, dollars (as a promo code's largest amount). */
export const MAX_PRICE = 100_000;

/** The fields each type's rows carry besides productId (§3 table). */
const TYPE_FIELDS: Record<number, readonly (keyof RuleRowInput)[]> = {
  [RULE_TYPE.autoRenew]: ['daysPrior'],
  [RULE_TYPE.bypassShoppingCart]: ['bypass'],
  [RULE_TYPE.customPricing]: ['price', 'priceWithCommission'],
  [RULE_TYPE.excludeStates]: ['states'],
  [RULE_TYPE.linkAccountIdToPromoCode]: ['linked'],
};
/** Fields any row may carry (read back from GET and sent again; the server keeps its own). */
const ANY_TYPE: readonly (keyof RuleRowInput)[] = ['ruleId', 'ruleTypeId', 'productId', 'productName'];

const priceCents = (dollars: number | undefined): number | null =>
  dollars === undefined || dollars < 0 || dollars > MAX_PRICE ? null : wholeCents(dollars);

/** 'ca, NY ,wa' → ['CA', 'NY', 'WA'] and the items that are no state id. */
export function parseStates(text: string): { states: string[]; unknown: string[] } {
  const items = text
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter((item) => item !== '');
  const states = [...new Set(items.filter((item) => US_STATE_IDS.includes(item)))];
  const unknown = [...new Set(items.filter((item) => !US_STATE_IDS.includes(item)))];
  return { states, unknown };
}

/** A row as stored: the product it is for and the type's settings JSON (README "Partner rules"). */
export interface StoredRule {
  productId: string | null;
  settings: Record<string, unknown>;
}

/** The rows of `route` checked and in the table's terms, or every reason they cannot be saved. */
export async function checkedRules(
  db: Kysely<Database>,
  route: RuleRoute,
  rows: RuleRowInput[],
): Promise<{ ok: true; value: StoredRule[] } | { ok: false; errors: string[] }> {
  const type = RULE_TYPES.find((candidate) => candidate.route === route)!;
  const errors: string[] = [];
  const rules: StoredRule[] = [];
  const products = new Set(
    (await db.selectFrom('product').select('product_id').execute()).map((row) => row.product_id),
  );
  for (const [index, row] of rows.entries()) {
    const n = index + 1;
    const foreign = (Object.keys(row) as (keyof RuleRowInput)[]).filter(
      (field) =>
        row[field] !== undefined && !ANY_TYPE.includes(field) && !TYPE_FIELDS[type.id]!.includes(field),
    );
    if (foreign.length > 0) errors.push(PARTNERS_MESSAGES.rules.notOfType(n, foreign, type.displayName));
    const productId = row.productId ?? null;
    if (productId !== null && !products.has(productId))
      errors.push(PARTNERS_MESSAGES.rules.unknownProduct(n));
    switch (type.id) {
      case RULE_TYPE.autoRenew: {
        if (productId === null) errors.push(PARTNERS_MESSAGES.rules.productRequired(n));
        const daysPrior = row.daysPrior ?? DEFAULT_DAYS_PRIOR;
        if (!Number.isInteger(daysPrior) || daysPrior < 0 || daysPrior > MAX_DAYS_PRIOR) {
          errors.push(PARTNERS_MESSAGES.rules.daysPrior(n, MAX_DAYS_PRIOR));
        }
        rules.push({ productId, settings: { daysPrior } });
        break;
      }
      case RULE_TYPE.bypassShoppingCart:
        rules.push({ productId, settings: { bypass: row.bypass ?? true } });
        break;
      case RULE_TYPE.customPricing: {
        const settings: Record<string, number> = {};
        for (const [field, label, key] of [
          ['price', PARTNERS_MESSAGES.rules.priceLabel, 'priceCents'],
          [
            'priceWithCommission',
            PARTNERS_MESSAGES.rules.priceWithCommissionLabel,
            'priceWithCommissionCents',
          ],
        ] as const) {
          if (row[field] === undefined) {
            errors.push(PARTNERS_MESSAGES.rules.priceRequired(n, label));
            continue;
          }
          const cents = priceCents(row[field]);
          if (cents === null) errors.push(PARTNERS_MESSAGES.rules.price(n, label));
          else settings[key] = cents;
        }
        // The commission is the difference: it is never negative.
        if ((settings.priceWithCommissionCents ?? Infinity) < (settings.priceCents ?? 0))
          errors.push(PARTNERS_MESSAGES.rules.commissionBelowPrice(n));
        rules.push({ productId, settings });
        break;
      }
      case RULE_TYPE.excludeStates: {
        const { states, unknown } = parseStates(row.states ?? '');
        if (unknown.length > 0) errors.push(PARTNERS_MESSAGES.rules.unknownStates(n, unknown));
        else if (states.length === 0) errors.push(PARTNERS_MESSAGES.rules.statesRequired(n));
        rules.push({ productId, settings: { states } });
        break;
      }
      case RULE_TYPE.linkAccountIdToPromoCode:
        rules.push({ productId, settings: { linked: row.linked ?? true } });
        break;
    }
  }
  const productKeys = rules.map((rule) => rule.productId ?? '');
  if (new Set(productKeys).size !== productKeys.length) errors.push(PARTNERS_MESSAGES.rules.duplicateProduct);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: rules };
}

/** Replaces the partner's rows of rule type `ruleTypeId` with `rules`, in one transaction. */
export async function replaceRules(
  db: Kysely<Database>,
  companyId: string,
  ruleTypeId: number,
  rules: StoredRule[],
): Promise<void> {
  const createdAt = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('partner_rule')
      .where('company_id', '=', companyId)
      .where('rule_type_id', '=', ruleTypeId)
      .execute();
    if (rules.length === 0) return;
    await trx
      .insertInto('partner_rule')
      .values(
        rules.map((rule) => ({
          rule_id: randomUUID(),
          company_id: companyId,
          rule_type_id: ruleTypeId,
          product_id: rule.productId,
          settings: JSON.stringify(rule.settings),
          created_at: createdAt,
        })),
      )
      .execute();
  });
}

/** Removes the partner's rows of a rule type (only `productId`'s when given); how many. */
export async function removeRules(
  db: Kysely<Database>,
  companyId: string,
  ruleTypeId: number,
  productId: string | undefined,
): Promise<number> {
  let query = db
    .deleteFrom('partner_rule')
    .where('company_id', '=', companyId)
    .where('rule_type_id', '=', ruleTypeId);
  if (productId !== undefined) query = query.where('product_id', '=', productId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The partner's rows (of one type when given), as the detail form reads them. */
export async function ruleRows(
  db: Kysely<Database>,
  companyId: string,
  ruleTypeId?: number,
): Promise<RuleRow[]> {
  let query = db
    .selectFrom('partner_rule as r')
    .leftJoin('product as p', 'p.product_id', 'r.product_id')
    .select(['r.rule_id', 'r.rule_type_id', 'r.product_id', 'r.settings', 'p.name as product_name'])
    .where('r.company_id', '=', companyId);
  if (ruleTypeId !== undefined) query = query.where('r.rule_type_id', '=', ruleTypeId);
  const rows = await query.orderBy('r.rule_type_id').orderBy('r.created_at').orderBy('r.rule_id').execute();
  return rows.map((row) => {
    const settings = jsonObject(row.settings);
    const base: RuleRow = {
      ruleId: row.rule_id,
      ruleTypeId: Number(row.rule_type_id),
      productId: row.product_id,
      productName: row.product_name ?? null,
    };
    switch (Number(row.rule_type_id)) {
      case RULE_TYPE.autoRenew:
        return {
          ...base,
          daysPrior: typeof settings.daysPrior === 'number' ? settings.daysPrior : DEFAULT_DAYS_PRIOR,
        };
      case RULE_TYPE.bypassShoppingCart:
        return { ...base, bypass: settings.bypass === true };
      case RULE_TYPE.customPricing:
        return {
          ...base,
          price: toDollars(Number(settings.priceCents ?? 0)),
          priceWithCommission: toDollars(Number(settings.priceWithCommissionCents ?? 0)),
        };
      case RULE_TYPE.excludeStates:
        return {
          ...base,
          states: (Array.isArray(settings.states) ? settings.states : [])
            .filter((s) => typeof s === 'string')
            .join(', '),
        };
      case RULE_TYPE.linkAccountIdToPromoCode:
        return { ...base, linked: settings.linked === true };
      default:
        return base;
    }
  });
}

const money = (dollars: number | undefined) => `$${(dollars ?? 0).toFixed(2)}`;

/** A row in words, for the assigned-rules list. */
function rowSummary(row: RuleRow): string {
  const product = row.productName ? `${row.productName}: ` : '';
  switch (row.ruleTypeId) {
    case RULE_TYPE.autoRenew:
      return `${product}${row.daysPrior === 0 ? 'not renewed' : `${row.daysPrior} days prior`}`;
    case RULE_TYPE.bypassShoppingCart:
      return `${product}${row.bypass ? 'bypass' : 'no bypass'}`;
    case RULE_TYPE.customPricing:
      return `${product}${money(row.price)} / ${money(row.priceWithCommission)} with commission`;
    case RULE_TYPE.excludeStates:
      return `${product}${row.states}`;
    case RULE_TYPE.linkAccountIdToPromoCode:
      return `${product}${row.linked ? 'linked' : 'not linked'}`;
    default:
      return '';
  }
}

/** The rule types the partner has rows of, in type order, each with its rows in words. */
export async function assignedRules(db: Kysely<Database>, companyId: string): Promise<AssignedRule[]> {
  const rows = await ruleRows(db, companyId);
  const assigned: AssignedRule[] = [];
  for (const type of RULE_TYPES) {
    const ofType = rows.filter((row) => row.ruleTypeId === type.id);
    if (ofType.length === 0) continue;
    assigned.push({ ...type, ruleTypeId: type.id, summary: ofType.map(rowSummary).join('; ') });
  }
  return assigned;
}

export { ruleTypeById };
