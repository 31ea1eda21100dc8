import type { FastifyPluginAsync } from 'fastify';
import { PRODUCT_CODE_EPOP, type Product } from 'shared-domain';
import { userIdParams } from '../../lib/ids.js';
import { notFound } from '../../lib/http-error.js';
import { toDollars } from '../../lib/money.js';

/**
 * GET /product/epop/:userId: the product on sale for that user. The price is the same for everyone
 * today; the userId is in the path (as in the specs) so per-user pricing can come later.
 */
const product: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { userId: string } }>(
    '/epop/:userId',
    {
      config: { access: 'owner' },
      schema: { params: userIdParams },
    },
    async (): Promise<Product> => {
      const row = await app.db
        .selectFrom('product')
        .select(['name', 'price_cents', 'code'])
        .where('code', '=', PRODUCT_CODE_EPOP)
        .executeTakeFirst();
      if (!row) throw notFound('Product not found');
      return { name: row.name, price: toDollars(row.price_cents), code: row.code };
    },
  );
};

export default product;
