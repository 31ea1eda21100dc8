import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Cart, CartCounts, CartItem } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import { partnerFormSettings } from '../strategic-partner/settings.js';
import { jsonObject, jsonStrings } from '../../lib/json.js';
import { toDollars } from '../../lib/money.js';
import type { CartDocument, CartItemAnswer } from './schemas.js';

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

/** The user's cart and saved-for-later list; the totals count the cart only. */
export async function cartOf(db: Kysely<Database>, userId: string): Promise<Cart> {
  const rows = await db
    .selectFrom('cart_item')
    .select([
      'cart_item_id',
      'display_text',
      'base_price_cents',
      'price_adjustment_cents',
      'discount_cents',
      'saved_for_later',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('cart_item_id')
    .execute();

  const items: CartItem[] = [];
  const savedForLater: CartItem[] = [];
  let subtotalCents = 0;
  let discountCents = 0;
  for (const row of rows) {
    const unitPrice = unitPriceCents(row);
    const item: CartItem = {
      id: row.cart_item_id,
      cartItemId: row.cart_item_id,
      product: row.display_text,
      unitPrice: toDollars(unitPrice),
      discount: toDollars(row.discount_cents),
      total: toDollars(unitPrice - row.discount_cents),
    };
    if (row.saved_for_later) {
      savedForLater.push(item);
    } else {
      items.push(item);
      subtotalCents += unitPrice;
      discountCents += row.discount_cents;
    }
  }
  return {
    total: toDollars(subtotalCents - discountCents),
    subtotal: toDollars(subtotalCents),
    discount: toDollars(discountCents),
    items,
    savedForLater,
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
      'discount_cents',
      'saved_for_later',
    ])
    .where('cart_item_id', '=', cartItemId)
    .executeTakeFirst();
  if (!row) return undefined;
  const unitPrice = unitPriceCents(row);
  return {
    cartItem: {
      cartItemId: row.cart_item_id,
      documentId: row.document_id,
      actionItemId: row.action_item_id,
      product: row.display_text,
      unitPrice: toDollars(unitPrice),
      discount: toDollars(row.discount_cents),
      total: toDollars(unitPrice - row.discount_cents),
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
export async function updateCartItem(
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
