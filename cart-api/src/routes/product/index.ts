import { Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE, SIGNED_IN, UserIdParams } from '../../lib/contract.js';
import { productOffer } from '../../domain/products/offer.js';
import { listProducts } from '../../domain/products/queries.js';
import { Product, ProductName } from '../../contract/product.js';

const ProductQuery = Type.Object(
  {
    strategicPartnerId: Type.Optional(
      Uuid({
        description:
          'the partner the document is sold through: its custom pricing applies to an account entitled to it',
      }),
    ),
    actionItemId: Type.Optional(
      Uuid({ description: "an invite the document comes from: the inviter's choice and price apply" }),
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
    '',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'Every product by name (the promo-code editor)',
        response: { 200: Type.Array(ProductName) },
      },
    },
    async () => listProducts(app.db),
  );

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
    async (request) => productOffer(app, request.caller!, request.query),
  );
};

export default product;
