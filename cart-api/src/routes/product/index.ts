import { PRODUCT_CODE_EPOP } from 'shared-domain';
import { notFound, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN, UserIdParams } from '../../lib/contract.js';
import { PRICING_MESSAGES, productFor } from './queries.js';
import { Product } from './schemas.js';

const ProductQuery = Type.Object(
  {
    strategicPartnerId: Type.Optional(
      Uuid({ description: 'the partner the document is sold through: its custom pricing applies' }),
    ),
  },
  { additionalProperties: false },
);

/**
 * GET /product/epop/:userId: the product on sale for that user, with the attributes their role sees
 * and the price of the default choice (a broker: $225.00 + "Commission included" $75.00; an
 * employer: $225.00). Users live in identity-api, so the role is the caller's own: compliance asking
 * for another user gets the price without role-restricted attributes.
 */
const product: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/epop/:userId',
    {
      config: { access: SIGNED_IN, ownership: { resource: 'user', action: 'read', param: 'userId' } },
      schema: {
        summary: 'The POP document product, its options and its price for a user',
        params: UserIdParams,
        querystring: ProductQuery,
        response: { 200: Product },
      },
    },
    async (request) => {
      const found = await productFor(
        app.db,
        PRODUCT_CODE_EPOP,
        request.caller!.roleGroup,
        request.query.strategicPartnerId ?? null,
      );
      if (!found) throw notFound(PRICING_MESSAGES.productNotFound);
      return found;
    },
  );
};

export default product;
