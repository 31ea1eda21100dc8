import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  firstTimeSetupSchema,
  validateInput,
  type PasswordResetAnswer,
} from 'shared-domain';
import { completeFirstTimeSetup } from '../../users/temporary-user-token.js';
import { UsernameTakenError } from '../../users/users.js';
import { HttpError, validationErrors } from '../answers.js';

/**
 * POST user/{userId}/token/{token}: the first-login welcome sets the account's names and password
 * and spends the link. The token is a credential: logging.ts keeps it out of the logs.
 */
export default async function firstTimeSetupRoutes(app: FastifyInstance) {
  app.post<{ Params: { userId: string; token: string } }>(
    '/user/:userId/token/:token',
    { config: { access: 'public' } },
    async (request, reply) => {
      const input = await validateInput(firstTimeSetupSchema, request.body);
      if (!input.ok) return reply.status(400).send(validationErrors(input.errors));
      const { userId, username, firstname, lastname, email, password } = input.value;
      if (userId !== request.params.userId) throw new HttpError(400, ACCOUNT_MESSAGES.invalidSetupLink);
      try {
        const done = await completeFirstTimeSetup(app.identityDb, userId, request.params.token, {
          username,
          firstname,
          lastname,
          email,
          password,
        });
        if (!done) throw new HttpError(400, ACCOUNT_MESSAGES.invalidSetupLink);
      } catch (error) {
        if (error instanceof UsernameTakenError) throw new HttpError(400, ACCOUNT_MESSAGES.usernameTaken);
        throw error;
      }
      return { success: true, message: ACCOUNT_MESSAGES.setupComplete } satisfies PasswordResetAnswer;
    },
  );
}
