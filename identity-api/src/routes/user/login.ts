import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, validateInput } from 'shared-domain';
import { object, string } from 'yup';
import { recordLogin } from '../../users/login-record.js';
import { HttpError, validationErrors } from '../answers.js';

const loginRecordSchema = object({ referralId: string().trim().max(100).nullable().default(null) });

/** POST user/{userId}/login: the shell reports each sign-in, with the referral id it keeps. */
export default async function loginRoutes(app: FastifyInstance) {
  app.post<{ Params: { userId: string } }>(
    '/user/:userId/login',
    { config: { access: 'owner' } },
    async (request, reply) => {
      const input = await validateInput(loginRecordSchema, request.body);
      if (!input.ok) return reply.status(400).send(validationErrors(input.errors));
      const recorded = await recordLogin(
        app.identityDb,
        request.params.userId,
        input.value.referralId || null,
      );
      if (!recorded) throw new HttpError(404, ACCOUNT_MESSAGES.notFound);
      return reply.status(204).send();
    },
  );
}
