import { notFound, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN, RecordOrUserIdParams, UserIdParams } from '../../lib/contract.js';
import { cartCounts, cartItemAnswer, cartOf } from './queries.js';
import { CartCounts, CartOrItem } from './schemas.js';

/** The user's cart and saved-for-later list (specs/1-foundation.md "Cart"). */
const shoppingCart: FastifyPluginAsyncTypebox = async (app) => {
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
    async (request) => {
      const { resource, id } = request.target!;
      if (resource === 'user') return cartOf(app.db, id);
      const answer = await cartItemAnswer(app.db, id);
      if (!answer) throw notFound('Cart item not found'); // removed since the policy looked
      return answer;
    },
  );
};

export default shoppingCart;
