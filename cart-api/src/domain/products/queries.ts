import { toDollars } from 'shared-domain';
import type { Kysely } from 'kysely';
import { ValidationFailure } from 'service-kit';
import type { RoleGroup } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import { COMMISSION_INCLUDED } from '../../db/reference-data.js';
import { recordExists } from '../../lib/exists.js';
import { partnerRules, type CustomPricing } from '../partners/rules.js';
import type { Attribute, Product } from '../../contract/product.js';
import { PRODUCTS_MESSAGES } from './messages.js';

interface OfferRow {
  productId: string;
  name: string;
  code: string;
  basePriceCents: number;
  attributes: (Attribute & { preselected: boolean; adjustments: Map<string, number> })[];
}

const rolesAllow = (roles: string | null, roleGroup: RoleGroup) =>
  roles === null || (JSON.parse(roles) as unknown[]).includes(roleGroup);

/**
 * A product with the attributes a role group sees (specs/2-documents.md §5: roles restrict them), at
 * the prices of the partner its document is sold through: a custom-pricing rule (type 3) replaces the
 * base price with `price` and the commission's adjustment with `priceWithCommission - price`.
 */
async function offer(
  db: Kysely<Database>,
  where: { code: string } | { productId: string },
  roleGroup: RoleGroup,
  strategicPartnerId: string | null,
): Promise<OfferRow | undefined> {
  const product = await db
    .selectFrom('product')
    .select(['product_id', 'name', 'code', 'price_cents'])
    .$if('code' in where, (q) => q.where('code', '=', (where as { code: string }).code))
    .$if('productId' in where, (q) => q.where('product_id', '=', (where as { productId: string }).productId))
    .executeTakeFirst();
  if (!product) return undefined;
  const { customPricing } = await partnerRules(db, strategicPartnerId, product.product_id);
  const rows = await db
    .selectFrom('attribute as a')
    .innerJoin('attribute_value as v', 'v.attribute_id', 'a.attribute_id')
    .select([
      'a.attribute_id',
      'a.name',
      'a.roles',
      'a.preselected',
      'v.attribute_value_id',
      'v.display',
      'v.price_adjustment_cents',
    ])
    .where('a.product_id', '=', product.product_id)
    .orderBy('a.position')
    .orderBy('v.position')
    .execute();
  const attributes = new Map<string, OfferRow['attributes'][number]>();
  for (const row of rows) {
    if (!rolesAllow(row.roles, roleGroup)) continue;
    let attribute = attributes.get(row.attribute_id);
    if (!attribute) {
      attribute = {
        id: row.attribute_id,
        name: row.name,
        values: [],
        preselected: Number(row.preselected) === 1,
        adjustments: new Map(),
      };
      attributes.set(row.attribute_id, attribute);
    }
    const adjustmentCents = adjustmentOf(
      row.attribute_value_id,
      Number(row.price_adjustment_cents),
      customPricing,
    );
    attribute.values.push({
      attributeValueId: row.attribute_value_id,
      display: row.display,
      priceAdjustment: toDollars(adjustmentCents),
    });
    attribute.adjustments.set(row.attribute_value_id, adjustmentCents);
  }
  return {
    productId: product.product_id,
    name: product.name,
    code: product.code,
    basePriceCents: customPricing ? customPricing.priceCents : Number(product.price_cents),
    attributes: [...attributes.values()],
  };
}

/** A value's adjustment, or under custom pricing the commission's: the partner's two prices apart. */
function adjustmentOf(attributeValueId: string, storedCents: number, pricing: CustomPricing | null) {
  if (!pricing || attributeValueId !== COMMISSION_INCLUDED.attribute_value_id) return storedCents;
  return pricing.priceWithCommissionCents - pricing.priceCents;
}

/** What a price is made of: the base price and the chosen values' adjustments, in cents. */
export interface Price {
  productId: string;
  name: string;
  basePriceCents: number;
  adjustmentCents: number;
  attributeValueIds: string[];
}

function priceOf(row: OfferRow, attributeValueIds: readonly string[]): Price {
  let adjustmentCents = 0;
  const chosen = new Set(attributeValueIds);
  if (chosen.size !== attributeValueIds.length)
    throw new ValidationFailure([PRODUCTS_MESSAGES.oneValuePerAttribute]);
  for (const id of chosen) {
    const attribute = row.attributes.find((a) => a.adjustments.has(id));
    if (!attribute) throw new ValidationFailure([PRODUCTS_MESSAGES.unknownOption]);
    if (attribute.values.filter((v) => chosen.has(v.attributeValueId)).length > 1) {
      throw new ValidationFailure([PRODUCTS_MESSAGES.oneValuePerAttribute]);
    }
    adjustmentCents += attribute.adjustments.get(id)!;
  }
  return {
    productId: row.productId,
    name: row.name,
    basePriceCents: row.basePriceCents,
    adjustmentCents,
    attributeValueIds: [...chosen],
  };
}

/** The values chosen by default: the first value of each preselected attribute the role sees. */
const defaultChoice = (row: OfferRow) =>
  row.attributes
    .filter((a) => a.preselected && a.values.length > 0)
    .map((a) => a.values[0]!.attributeValueId);

/** The product as a role group is offered it, with its default price (`GET product/epop/{userId}`). */
export async function productFor(
  db: Kysely<Database>,
  code: string,
  roleGroup: RoleGroup,
  strategicPartnerId: string | null = null,
  /** The values already chosen (an invite's); by default the role group's preselected ones. */
  chosen?: readonly string[],
): Promise<Product | undefined> {
  const row = await offer(db, { code }, roleGroup, strategicPartnerId);
  if (!row) return undefined;
  const selectedAttributes = chosen ? [...chosen] : defaultChoice(row);
  const price = priceOf(row, selectedAttributes);
  return {
    productId: row.productId,
    name: row.name,
    code: row.code,
    price: toDollars(price.basePriceCents + price.adjustmentCents),
    basePrice: toDollars(row.basePriceCents),
    attributes: row.attributes.map(({ id, name, values }) => ({ id, name, values })),
    selectedAttributes,
  };
}

/**
 * The price of a product with the chosen attribute values, for a role group: computed here from the
 * stored prices, never taken from a request. A value the role group may not choose, of another
 * product, or two values of one attribute: a 400 in the catalogue's validation format.
 */
export async function priceFor(
  db: Kysely<Database>,
  productId: string,
  roleGroup: RoleGroup,
  attributeValueIds: readonly string[],
  strategicPartnerId: string | null = null,
): Promise<Price> {
  const row = await offer(db, { productId }, roleGroup, strategicPartnerId);
  if (!row) throw new ValidationFailure([PRODUCTS_MESSAGES.notFound]);
  return priceOf(row, attributeValueIds);
}

export const productExists = (db: Kysely<Database>, productId: string): Promise<boolean> =>
  recordExists(db, 'product', productId);

/** Every product, by name (the promo-code editor's Product select). */
export async function listProducts(db: Kysely<Database>): Promise<{ id: string; name: string }[]> {
  const rows = await db.selectFrom('product').select(['product_id', 'name']).orderBy('name').execute();
  return rows.map((row) => ({ id: row.product_id, name: row.name }));
}
