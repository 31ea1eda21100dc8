import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, profileSchema, validateInput, type ProfileUser } from 'shared-domain';
import { toProfileUser, updateProfile } from '../../users/profile.js';
import { findById, UsernameTakenError } from '../../users/users.js';
import { HttpError, validationErrors } from '../answers.js';

type UserParams = { Params: { userId: string } };

/** GET and POST user/{userId}: the owner's profile ('Your Profile'). */
export default async function profileRoutes(app: FastifyInstance) {
  app.get<UserParams>('/user/:userId', { config: { access: 'owner' } }, async (request) => {
    const user = await findById(app.identityDb, request.params.userId);
    if (!user) throw new HttpError(404, ACCOUNT_MESSAGES.notFound);
    return toProfileUser(user) satisfies ProfileUser;
  });

  app.post<UserParams>('/user/:userId', { config: { access: 'owner' } }, async (request, reply) => {
    const input = await validateInput(profileSchema, request.body);
    if (!input.ok) return reply.status(400).send(validationErrors(input.errors));
    const { userId, userName, firstName, lastName, email, changePassword, password } = input.value;
    if (userId !== request.params.userId) {
      return reply.status(400).send(validationErrors(['The userId does not match the address']));
    }
    try {
      const updated = await updateProfile(app.identityDb, userId, {
        userName,
        firstName,
        lastName,
        email,
        password: changePassword ? password : undefined,
      });
      if (!updated) throw new HttpError(404, ACCOUNT_MESSAGES.notFound);
      return updated satisfies ProfileUser;
    } catch (error) {
      if (error instanceof UsernameTakenError) throw new HttpError(400, ACCOUNT_MESSAGES.usernameTaken);
      throw error;
    }
  });
}
