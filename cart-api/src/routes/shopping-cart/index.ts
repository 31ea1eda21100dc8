import { EmptyBody, type FastifyPluginAsyncTypebox } from 'service-kit';
import { BUYERS, SIGNED_IN, RecordOrUserIdParams, UserIdParams } from '../../lib/contract.js';
import {
  addCartItem,
  documentInCart,
  cartOrItem,
  moveToCart,
  removeCartItem,
  saveForLater,
  updateCartItem,
  type CartDeps,
} from '../../domain/cart/items.js';
import { applyPromoCode, removePromoCode } from '../../domain/cart/promo-codes.js';
import { cartCounts } from '../../domain/cart/queries.js';
import purchase from './purchase.js';
import {
  Cart,
  CartCounts,
  CartDocument,
  CartItemAnswer,
  CartItemBody,
  CartItemIdParams,
  CartOrItem,
  PromoCodeAnswer,
  PromoCodeParams,
} from '../../contract/shopping-cart.js';

/** What the cart's operations need, read when a request comes. */
const cartDeps = (app: Pick<CartDeps, 'db' | 'identity'> & { now(): Date }): CartDeps => ({
  db: app.db,
  now: () => app.now(),
  identity: app.identity,
});

/** The user's cart and saved-for-later list (specs/1-foundation.md "Cart"). */
const shoppingCart: FastifyPluginAsyncTypebox = async (app) => {
  const deps = () => cartDeps(app);

  const itemWrite = (summary: string) =>
    ({
      config: {
        access: BUYERS,
        ownership: { resource: 'cart-item', action: 'write', param: 'cartItemId' },
      },
      schema: { summary, params: CartItemIdParams, body: EmptyBody, response: { 200: Cart } },
    }) as const;

  app.delete(
    '/:cartItemId',
    {
      config: {
        access: BUYERS,
        ownership: { resource: 'cart-item', action: 'delete', param: 'cartItemId' },
      },
      schema: {
        summary: 'Remove an item from the cart or the saved-for-later list; answers the cart',
        params: CartItemIdParams,
        response: { 200: Cart },
      },
    },
    async (request) => removeCartItem(deps(), request.params.cartItemId),
  );

  app.post(
    '/:cartItemId/save-for-later',
    itemWrite('Move a cart item to the saved-for-later list (out of the totals); answers the cart'),
    async (request) => saveForLater(deps(), request.params.cartItemId),
  );

  app.post(
    '/:cartItemId/move-to-cart',
    itemWrite('Move a saved-for-later item back into the cart; answers the cart'),
    async (request) => moveToCart(deps(), request.params.cartItemId),
  );

  const promoRoute = (summary: string, body: boolean) =>
    ({
      config: { access: BUYERS, ownership: { resource: 'user', action: 'write', param: 'userId' } },
      schema: {
        summary,
        params: PromoCodeParams,
        ...(body ? { body: EmptyBody } : {}),
        response: { 200: PromoCodeAnswer },
      },
    }) as const;

  app.post(
    '/:userId/promo-code/:code',
    promoRoute("Apply a promo code to the caller's cart (trimmed, any case)", true),
    async (request) => applyPromoCode(deps(), request.params.userId, request.params.code),
  );

  app.delete(
    '/:userId/promo-code/:code',
    promoRoute("Take a promo code off the caller's cart", false),
    async (request) => removePromoCode(deps(), request.params.userId, request.params.code),
  );

  app.get(
    '/:userId/count/saved-for-later',
    {
      config: { access: SIGNED_IN, ownership: { resource: 'user', action: 'read', param: 'userId' } },
      schema: {
        summary: 'The cart count and the saved-for-later count of a user',
        params: UserIdParams,
        response: { 200: CartCounts },
      },
    },
    async (request) => cartCounts(app.db, request.params.userId),
  );

  // Add to Cart (specs/2-documents.md §4 "Cart buttons"): brokers and employers buy; compliance
  // invites or creates free documents instead.
  app.post(
    '',
    {
      config: { access: BUYERS, ownership: 'none' },
      schema: {
        summary:
          "Add a document to the caller's cart (Add to Cart; userId is the caller's), priced by the server",
        body: CartItemBody,
        response: { 200: CartItemAnswer },
      },
    },
    async (request) => addCartItem(deps(), request.caller!, request.body),
  );

  app.post(
    '/:cartItemId',
    {
      config: {
        access: BUYERS,
        ownership: { resource: 'cart-item', action: 'write', param: 'cartItemId' },
      },
      schema: {
        summary: 'Replace the document and choices of a cart item (Update Cart), priced again by the server',
        params: CartItemIdParams,
        body: CartItemBody,
        response: { 200: CartItemAnswer },
      },
    },
    async (request) => updateCartItem(deps(), request.caller!, request.params.cartItemId, request.body),
  );

  // The specs' doubled path: `shopping-cart/{itemId}` (one item) and `shopping-cart/{userId}` (the cart).
  app.get(
    '/:id',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: ['cart-item', 'user'], action: 'read', param: 'id' },
      },
      schema: {
        summary: "A user's cart (by user id), or one cart item and the url that reopens it (by item id)",
        params: RecordOrUserIdParams,
        response: { 200: CartOrItem },
      },
    },
    async (request) => cartOrItem(deps(), request.target!),
  );

  await app.register(purchase);
};

export default shoppingCart;

/** `GET cart/{cartItemId}/epop` (specs/2-documents.md §7): the document a cart item holds. */
export const cartDocument: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:cartItemId/epop',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'cart-item', action: 'read', param: 'cartItemId' },
      },
      schema: {
        summary:
          'The document held in a cart item, to reopen the order form with (/document/cart/{cartItemId})',
        params: CartItemIdParams,
        response: { 200: CartDocument },
      },
    },
    async (request) => documentInCart(cartDeps(app), request.params.cartItemId),
  );
};
