import { PRODUCT_CODE_EPOP, type RoleGroup } from 'shared-domain';
import { userPolicy } from '../../policies/user.js';
import { ACTION_ITEM_NOT_FOUND, actionItemPolicy } from '../../domain/action-items/policy.js';
import { actionItemById } from '../../domain/action-items/queries.js';
import { notFound, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE, SIGNED_IN, UserIdParams } from '../../lib/contract.js';
import { listProducts, PRICING_MESSAGES, productFor } from '../../domain/products/queries.js';
import { Product, ProductName } from '../../contract/product.js';

const ProductQuery = Type.Object(
  {
    strategicPartnerId: Type.Optional(
      Uuid({ description: 'the partner the document is sold through: its custom pricing applies' }),
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
  const actionItems = actionItemPolicy(app.db, userPolicy);
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
    async (request) => {
      const caller = request.caller!;
      const { strategicPartnerId = null, actionItemId } = request.query;
      // An invite is paid at the price its inviter chose (their role group, their values).
      let invite: { PricedFor: RoleGroup | null; Attributes: string[] } | null = null;
      if (actionItemId) {
        if (!(await actionItems.allows(caller, 'read', actionItemId))) throw notFound(ACTION_ITEM_NOT_FOUND);
        const item = await actionItemById(app.db, actionItemId);
        invite = item?.itemType === 'pop-document-invite' ? item.data : null;
      }
      const found = await productFor(
        app.db,
        PRODUCT_CODE_EPOP,
        invite?.PricedFor ?? caller.roleGroup,
        strategicPartnerId,
        invite?.Attributes,
      );
      if (!found) throw notFound(PRICING_MESSAGES.productNotFound);
      return found;
    },
  );
};

export default product;
