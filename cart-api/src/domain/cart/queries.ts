import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { productToday, toDollars } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import { partnerFormSettings } from '../partners/settings.js';
import { jsonObject, jsonStrings } from '../../lib/json.js';
import type {
  Cart,
  CartCounts,
  CartDocument,
  CartItem,
  CartItemAnswer,
} from '../../contract/shopping-cart.js';
import { priceCart, type LinePrice, type PromoTerms } from './pricing.js';
import { linkedPromoTerms } from './linked-codes.js';

/** §9: an item's price is the product's base price plus the chosen attribute's adjustment. */
const unitPriceCents = (row: { base_price_cents: number; price_adjustment_cents: number }) =>
  row.base_price_cents + row.price_adjustment_cents;

export async function cartCounts(db: Kysely<Database>, userId: string): Promise<CartCounts> {
  const rows = await db
    .selectFrom('cart_item')
    .select(['saved_for_later', (eb) => eb.fn.countAll().as('count')])
    .where('user_id', '=', userId)
    .groupBy('saved_for_later')
    .execute();
  // PostgreSQL counts are bigint strings, SQLite's numbers.
  const countOf = (savedForLater: number) =>
    Number(rows.find((row) => Number(row.saved_for_later) === savedForLater)?.count ?? 0);
  return { cartCount: countOf(0), savedForLaterCount: countOf(1) };
}

/** The promo codes applied to a user's cart, in the order applied, with the terms pricing needs. */
export async function appliedTerms(db: Kysely<Database>, userId: string): Promise<PromoTerms[]> {
  const rows = await db
    .selectFrom('cart_discount as cd')
    .innerJoin('discount as d', 'd.discount_id', 'cd.discount_id')
    .select([
      'd.discount_id',
      'd.percentage',
      'd.amount_cents',
      'd.max_amount_cents',
      'd.product_id',
      'd.type',
      'd.start_date',
      'd.end_date',
    ])
    .where('cd.user_id', '=', userId)
    .orderBy('cd.applied_at')
    .orderBy('d.code_key')
    .execute();
  return rows.map((row) => ({
    discountId: row.discount_id,
    percentage: row.percentage === null ? null : Number(row.percentage),
    amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
    maxAmountCents: row.max_amount_cents === null ? null : Number(row.max_amount_cents),
    productId: row.product_id,
    type: row.type,
    startDate: row.start_date,
    endDate: row.end_date,
  }));
}

/** A cart item as the checkout needs it: its price, and the document it holds or pays for. */
export interface CartRow {
  cart_item_id: string;
  product_id: string;
  display_text: string;
  base_price_cents: number;
  price_adjustment_cents: number;
  saved_for_later: number;
  document_id: string | null;
  action_item_id: string | null;
  strategic_partner_id: string | null;
  json: string;
}

const CART_ROW_COLUMNS = [
  'cart_item_id',
  'product_id',
  'display_text',
  'base_price_cents',
  'price_adjustment_cents',
  'saved_for_later',
  'document_id',
  'action_item_id',
  'strategic_partner_id',
  'json',
] as const;

/** A user's cart items (in the cart and saved for later), oldest first. */
export async function cartRows(db: Kysely<Database>, userId: string): Promise<CartRow[]> {
  return db
    .selectFrom('cart_item')
    .select(CART_ROW_COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('cart_item_id')
    .execute();
}

/** The items in the cart (not saved for later) priced with the applied codes, as of `today`. */
export async function pricedCart(db: Kysely<Database>, userId: string, today = productToday()) {
  const [rows, codes] = await Promise.all([cartRows(db, userId), appliedTerms(db, userId)]);
  const inCart = rows.filter((row) => !row.saved_for_later);
  // The codes partners link to their clients' account ids act after the ones the user applied.
  const linked = await linkedPromoTerms(db, inCart, codes);
  const price = priceCart(
    inCart.map((row) => ({
      id: row.cart_item_id,
      productId: row.product_id,
      unitPriceCents: unitPriceCents(row),
    })),
    [...codes, ...linked],
    today,
  );
  return { rows, inCart, price, codes };
}

/** The user's cart items of these ids (the purchase's snapshot), in the snapshot's order. */
export async function cartRowsById(db: Kysely<Database>, userId: string, ids: string[]): Promise<CartRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('cart_item')
    .select(CART_ROW_COLUMNS)
    .where('user_id', '=', userId)
    .where('cart_item_id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.cart_item_id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Whether the document a cart item pays for is Paid already, or its action item closed meanwhile. */
export async function paidOrClosed(db: Kysely<Database>, row: CartRow): Promise<boolean> {
  if (row.document_id) {
    const document = await db
      .selectFrom('epop_document')
      .select('status')
      .where('document_id', '=', row.document_id)
      .executeTakeFirst();
    if (!document || document.status === 'Paid') return true;
  }
  if (row.action_item_id) {
    const item = await db
      .selectFrom('action_item')
      .select('completed')
      .where('action_item_id', '=', row.action_item_id)
      .executeTakeFirst();
    if (!item || Number(item.completed) === 1) return true;
  }
  return false;
}

const cartItemOf = (row: CartRow, priced?: LinePrice): CartItem => {
  const unitPrice = unitPriceCents(row);
  const discount = priced?.discountCents ?? 0;
  return {
    id: row.cart_item_id,
    cartItemId: row.cart_item_id,
    product: row.display_text,
    unitPrice: toDollars(unitPrice),
    discount: toDollars(discount),
    total: toDollars(unitPrice - discount),
  };
};

/**
 * The user's cart and saved-for-later list; the totals count the cart only, with the discounts of
 * the codes applied today (recomputed at every read: a change to the cart, or a code's end, shows at
 * once). Saved items show their price without discount.
 */
export async function cartOf(db: Kysely<Database>, userId: string): Promise<Cart> {
  const { rows, price } = await pricedCart(db, userId);
  const byId = new Map(price.lines.map((line) => [line.id, line]));
  return {
    total: toDollars(price.totalCents),
    subtotal: toDollars(price.subtotalCents),
    discount: toDollars(price.discountCents),
    items: rows
      .filter((row) => !row.saved_for_later)
      .map((row) => cartItemOf(row, byId.get(row.cart_item_id))),
    savedForLater: rows.filter((row) => row.saved_for_later).map((row) => cartItemOf(row)),
  };
}

/** One cart item and the screen that reopens its document (`/document/cart/{cartItemId}`). */
export async function cartItemAnswer(
  db: Kysely<Database>,
  cartItemId: string,
): Promise<CartItemAnswer | undefined> {
  const row = await db
    .selectFrom('cart_item')
    .select([
      'cart_item_id',
      'document_id',
      'action_item_id',
      'display_text',
      'base_price_cents',
      'price_adjustment_cents',
      'saved_for_later',
      'user_id',
    ])
    .where('cart_item_id', '=', cartItemId)
    .executeTakeFirst();
  if (!row) return undefined;
  const unitPrice = unitPriceCents(row);
  const { price } = row.saved_for_later ? { price: undefined } : await pricedCart(db, row.user_id);
  const discountCents = price?.lines.find((line) => line.id === row.cart_item_id)?.discountCents ?? 0;
  return {
    cartItem: {
      cartItemId: row.cart_item_id,
      documentId: row.document_id,
      actionItemId: row.action_item_id,
      product: row.display_text,
      unitPrice: toDollars(unitPrice),
      discount: toDollars(discountCents),
      total: toDollars(unitPrice - discountCents),
      savedForLater: Boolean(row.saved_for_later),
    },
    url: `/document/cart/${row.cart_item_id}`,
  };
}

/** The user whose cart holds an item; undefined when there is no such item. */
export async function cartItemUser(db: Kysely<Database>, cartItemId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('cart_item')
    .select('user_id')
    .where('cart_item_id', '=', cartItemId)
    .executeTakeFirst();
  return row?.user_id;
}

/** What a cart item stores: the priced choice and the document as the order form left it. */
export interface CartItemWrite {
  userId: string;
  productId: string;
  actionItemId: string | null;
  /** The stored document it pays for (an invite's, an unpaid one's); null for a new document. */
  documentId: string | null;
  strategicPartnerId: string | null;
  displayText: string;
  basePriceCents: number;
  adjustmentCents: number;
  attributeValueIds: string[];
  form: Record<string, unknown>;
}

/** The columns Add to Cart and Update Cart both write. */
const writtenColumns = (item: CartItemWrite) => ({
  product_id: item.productId,
  document_id: item.documentId,
  action_item_id: item.actionItemId,
  strategic_partner_id: item.strategicPartnerId,
  display_text: item.displayText,
  base_price_cents: item.basePriceCents,
  price_adjustment_cents: item.adjustmentCents,
  attributes: JSON.stringify(item.attributeValueIds),
  json: JSON.stringify(item.form),
});

export async function insertCartItem(db: Kysely<Database>, item: CartItemWrite): Promise<string> {
  const cartItemId = randomUUID();
  await db
    .insertInto('cart_item')
    .values({
      cart_item_id: cartItemId,
      user_id: item.userId,
      ...writtenColumns(item),
      discount_cents: 0,
      saved_for_later: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  return cartItemId;
}

/** The cart item (cart or saved for later) that pays for an action item, if any. */
export async function cartItemOfActionItem(
  db: Kysely<Database>,
  actionItemId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('cart_item')
    .select('cart_item_id')
    .where('action_item_id', '=', actionItemId)
    .executeTakeFirst();
  return row?.cart_item_id;
}

/** Update Cart: the item keeps its id, place and saved-for-later state; the rest is replaced. */
export async function replaceCartItem(
  db: Kysely<Database>,
  cartItemId: string,
  item: CartItemWrite,
): Promise<void> {
  await db
    .updateTable('cart_item')
    .set(writtenColumns(item))
    .where('cart_item_id', '=', cartItemId)
    .execute();
}

/** The document a cart item holds (`GET cart/{cartItemId}/epop`). */
export async function cartItemDocument(
  db: Kysely<Database>,
  cartItemId: string,
): Promise<CartDocument | undefined> {
  const row = await db
    .selectFrom('cart_item')
    .select([
      'cart_item_id',
      'action_item_id',
      'product_id',
      'strategic_partner_id',
      'attributes',
      'json',
      'base_price_cents',
      'price_adjustment_cents',
    ])
    .where('cart_item_id', '=', cartItemId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    cartItemId: row.cart_item_id,
    actionItemId: row.action_item_id,
    productId: row.product_id,
    strategicPartnerId: row.strategic_partner_id,
    selectedAttributes: jsonStrings(row.attributes),
    unitPrice: toDollars(unitPriceCents(row)),
    form: jsonObject(row.json),
    partner: await partnerFormSettings(db, row.strategic_partner_id),
  };
}

/** An action item of this user that is still open (a cart item may name the one it came from). */
export async function openActionItemOf(
  db: Kysely<Database>,
  actionItemId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('action_item')
    .select('action_item_id')
    .where('action_item_id', '=', actionItemId)
    .where('user_id', '=', userId)
    .where('completed', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteCartItem(db: Kysely<Database>, cartItemId: string): Promise<void> {
  await db.deleteFrom('cart_item').where('cart_item_id', '=', cartItemId).execute();
}

/** Save for later (1) or Move to cart (0). */
export async function setSavedForLater(
  db: Kysely<Database>,
  cartItemId: string,
  saved: 0 | 1,
): Promise<void> {
  await db
    .updateTable('cart_item')
    .set({ saved_for_later: saved })
    .where('cart_item_id', '=', cartItemId)
    .execute();
}

/** Applies a code to a user's cart; false when it was applied already. */
export async function applyCode(db: Kysely<Database>, userId: string, discountId: string): Promise<boolean> {
  const result = await db
    .insertInto('cart_discount')
    .values({ user_id: userId, discount_id: discountId, applied_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'discount_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes a code off a user's cart; false when it was not applied. */
export async function removeCode(db: Kysely<Database>, userId: string, discountId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('cart_discount')
    .where('user_id', '=', userId)
    .where('discount_id', '=', discountId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Takes the code whose key (trimmed, lower-cased text) is `codeKey` off a user's cart, looking among
 * that cart's codes only: the code as stored, or undefined when the cart has none with that text,
 * whether or not such a code exists at all.
 */
export async function removeAppliedCode(
  db: Kysely<Database>,
  userId: string,
  codeKey: string,
): Promise<string | undefined> {
  const applied = await db
    .selectFrom('cart_discount as cd')
    .innerJoin('discount as d', 'd.discount_id', 'cd.discount_id')
    .select(['d.discount_id', 'd.code'])
    .where('cd.user_id', '=', userId)
    .where('d.code_key', '=', codeKey)
    .executeTakeFirst();
  if (!applied) return undefined;
  return (await removeCode(db, userId, applied.discount_id)) ? applied.code : undefined;
}

/** The user's cart item (cart or saved) that renews `originalDocumentId`, if any. */
export async function cartItemRenewing(
  db: Kysely<Database>,
  userId: string,
  originalDocumentId: string,
): Promise<string | undefined> {
  const rows = await db
    .selectFrom('cart_item')
    .select(['cart_item_id', 'json'])
    .where('user_id', '=', userId)
    // A uuid holds no LIKE wildcard: this narrows to the items naming it, parsed to be sure.
    .where('json', 'like', `%${originalDocumentId}%`)
    .execute();
  return rows.find((row) => jsonObject(row.json).originalDocumentId === originalDocumentId)?.cart_item_id;
}
