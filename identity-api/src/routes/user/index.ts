import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, validateInput, type UserExists } from 'shared-domain';
import { object, string } from 'yup';
import { findByUsernameOrEmail } from '../../users/users.js';
import { validationErrors } from '../answers.js';
import firstTimeSetupRoutes from './first-time-setup.js';
import loginRoutes from './login.js';
import profileRoutes from './profile.js';
import registrationRoutes from './registration.js';

export const usernameQuery = object({
  username: string().trim().required(ACCOUNT_MESSAGES.required('Username')).max(200),
});

/** `user…`: exists, registration, profile, sign-in record, first-login setup. */
export default async function userRoutes(app: FastifyInstance) {
  // The reset screen's first step asks this (specs §4 Password reset); by its nature it tells.
  app.get('/user/exists', { config: { access: 'public' } }, async (request, reply) => {
    const query = await validateInput(usernameQuery, request.query);
    if (!query.ok) return reply.status(400).send(validationErrors(query.errors));
    const user = await findByUsernameOrEmail(app.identityDb, query.value.username);
    return { exists: user !== undefined } satisfies UserExists;
  });

  await app.register(registrationRoutes);
  await app.register(profileRoutes);
  await app.register(loginRoutes);
  await app.register(firstTimeSetupRoutes);
}
