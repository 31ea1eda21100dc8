import type { FastifyPluginAsync } from 'fastify';
import type { Cart, CartCounts, CartItem } from 'shared-domain';
import { userIdParams } from '../../lib/ids.js';
import { toDollars } from '../../lib/money.js';

/** The user's cart and saved-for-later list (specs/1-foundation.md "Shopping cart"). */
const shoppingCart: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { userId: string } }>(
    '/:userId/count/saved-for-later',
    { config: { access: 'owner' }, schema: { params: userIdParams } },
    async (request): Promise<CartCounts> => {
      const rows = await app.db
        .selectFrom('cart_item')
        .select(['saved_for_later', (eb) => eb.fn.countAll().as('count')])
        .where('user_id', '=', request.params.userId)
        .groupBy('saved_for_later')
        .execute();
      // PostgreSQL counts are bigint strings, SQLite's numbers.
      const countOf = (savedForLater: number) =>
        Number(rows.find((row) => Number(row.saved_for_later) === savedForLater)?.count ?? 0);
      return { cartCount: countOf(0), savedForLaterCount: countOf(1) };
    },
  );

  app.get<{ Params: { userId: string } }>(
    '/:userId',
    { config: { access: 'owner' }, schema: { params: userIdParams } },
    async (request): Promise<Cart> => {
      const rows = await app.db
        .selectFrom('cart_item')
        .select([
          'cart_item_id',
          'display_text',
          'base_price_cents',
          'price_adjustment_cents',
          'discount_cents',
          'saved_for_later',
        ])
        .where('user_id', '=', request.params.userId)
        .orderBy('created_at')
        .orderBy('cart_item_id')
        .execute();

      const items: CartItem[] = [];
      const savedForLater: CartItem[] = [];
      let subtotalCents = 0;
      let discountCents = 0;
      for (const row of rows) {
        // §9: the item's price is the product's base price plus the chosen attribute's adjustment.
        const unitPriceCents = row.base_price_cents + row.price_adjustment_cents;
        const item: CartItem = {
          id: row.cart_item_id,
          cartItemId: row.cart_item_id,
          product: row.display_text,
          unitPrice: toDollars(unitPriceCents),
          discount: toDollars(row.discount_cents),
          total: toDollars(unitPriceCents - row.discount_cents),
        };
        if (row.saved_for_later) {
          savedForLater.push(item);
        } else {
          items.push(item);
          subtotalCents += unitPriceCents;
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
    },
  );
};

export default shoppingCart;
