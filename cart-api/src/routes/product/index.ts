import { PRODUCT_CODE_EPOP } from 'shared-domain';
import { notFound, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN, UserIdParams } from '../../lib/contract.js';
import { productByCode } from './queries.js';
import { Product } from './schemas.js';

/**
 * GET /product/epop/:userId: the product on sale for that user. The price is the same for everyone
 * today; the userId is in the path (as in the specs) so per-user pricing can come later.
 */
const product: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/epop/:userId',
    {
      config: { access: SIGNED_IN, ownership: { resource: 'user', action: 'read', param: 'userId' } },
      schema: {
        summary: 'The POP document product and its price for a user',
        params: UserIdParams,
        response: { 200: Product },
      },
    },
    async () => {
      const product = await productByCode(app.db, PRODUCT_CODE_EPOP);
      if (!product) throw notFound('Product not found');
      return product;
    },
  );
};

export default product;
