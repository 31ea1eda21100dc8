import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, validateInput, type TemporaryUserToken } from 'shared-domain';
import { object, string } from 'yup';
import { findTemporaryUserToken } from '../../users/temporary-user-token.js';
import { HttpError } from '../answers.js';

const tokenQuery = object({ token: string().trim().required().max(200) });

/** GET temporary-user-token?token=: whom a first-login link is for (the welcome page prefills it). */
export default async function temporaryUserTokenRoutes(app: FastifyInstance) {
  app.get('/temporary-user-token', { config: { access: 'public' } }, async (request) => {
    const query = await validateInput(tokenQuery, request.query);
    const found = query.ok ? await findTemporaryUserToken(app.identityDb, query.value.token) : undefined;
    // A missing, unknown, used or expired token all read the same: the link is no good.
    if (!found) throw new HttpError(400, ACCOUNT_MESSAGES.invalidSetupLink);
    return found satisfies TemporaryUserToken;
  });
}
