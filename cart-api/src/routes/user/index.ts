import { notFound, Type, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE, UserIdParams } from '../../lib/contract.js';
import { USERS_MESSAGES } from '../../domain/users/messages.js';
import { userCompanies } from '../../domain/users/queries.js';
import { UserCompany } from '../../contract/user.js';

/**
 * `user/{userId}/company` (specs/3-admin.md §7 Users and companies): the companies of a user. Here,
 * not in identity-api, because the companies are cart-api's; the gateway's routing table sends this
 * one `user…` path to cart-api. Adding and removing go through `company/{clientId}/user/{userId}`.
 */
const user: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:userId/company',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: "The client companies a user is linked to (the back office's users screen)",
        params: UserIdParams,
        response: { 200: Type.Array(UserCompany) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const [known] = await app.identity.lookupUsers([userId]);
      if (!known) throw notFound(USERS_MESSAGES.notFound);
      return userCompanies(app.db, userId);
    },
  );
};

export default user;
