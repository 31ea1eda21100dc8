import { ACCOUNT_MESSAGES } from 'shared-domain';
import { badRequest, Type, type FastifyPluginAsyncTypebox } from 'service-kit';
import { findTemporaryUserToken } from '../../users/temporary-user-token.js';

const TokenQuery = Type.Object(
  { token: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);

const TemporaryUserTokenSchema = Type.Object({
  userId: Type.String(),
  user: Type.Object({
    userName: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
  }),
});

/** GET temporary-user-token?token=: whom a first-login link is for (the welcome page prefills it). */
const temporaryUserTokenRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/temporary-user-token',
    {
      config: { access: 'public', ownership: 'none' },
      schema: {
        summary: 'Whom a first-login link is for (the welcome page prefills the form)',
        querystring: TokenQuery,
        response: { 200: TemporaryUserTokenSchema },
      },
    },
    async (request) => {
      const token = request.query.token?.trim();
      const found = token ? await findTemporaryUserToken(app.identityDb, token) : undefined;
      // A missing, unknown, used or expired token all read the same: the link is no good.
      if (!found) throw badRequest(ACCOUNT_MESSAGES.invalidSetupLink);
      return found;
    },
  );
};

export default temporaryUserTokenRoutes;
