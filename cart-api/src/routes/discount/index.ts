import { notFound, type FastifyPluginAsyncTypebox } from 'service-kit';
import { RecordOrUserIdParams, SIGNED_IN } from '../../lib/contract.js';
import { DISCOUNT_NOT_FOUND } from './policy.js';
import { appliedCodes, discountById } from './queries.js';
import { AppliedCodesOrDiscount } from './schemas.js';

/** Promo codes (specs/1-foundation.md §7 Cart, 3-admin.md §7 Promo codes). */
const discount: FastifyPluginAsyncTypebox = async (app) => {
  // The specs' doubled path: `discount/{userId}` (the codes applied to that user's cart) and
  // `discount/{id}` (one promo code, compliance).
  app.get(
    '/:id',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: ['discount', 'user'], action: 'read', param: 'id' },
      },
      schema: {
        summary: "The promo codes applied to a user's cart (by user id), or one promo code (by its id)",
        params: RecordOrUserIdParams,
        response: { 200: AppliedCodesOrDiscount },
      },
    },
    async (request) => {
      const { resource, id } = request.target!;
      if (resource === 'user') return appliedCodes(app.db, id);
      const found = await discountById(app.db, id);
      if (!found) throw notFound(DISCOUNT_NOT_FOUND);
      return found;
    },
  );
};

export default discount;
