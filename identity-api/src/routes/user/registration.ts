import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES, registrationSchema, validateInput, type RegistrationResult } from 'shared-domain';
import { createUser, UsernameTakenError } from '../../users/users.js';
import { HttpError, validationErrors } from '../answers.js';

/** The names travel URL-encoded (specs §7 "names URL-encoded"). */
const ENCODED_FIELDS = { firstname: 'First name', lastname: 'Last name', companyName: 'Company name' };

/** POST user: a visitor creates a Producer/Broker or Employer account. */
export default async function registrationRoutes(app: FastifyInstance) {
  app.post('/user', { config: { access: 'public' } }, async (request, reply) => {
    const decoded = decodeNames(request.body);
    if (!decoded.ok) return reply.status(400).send(validationErrors(decoded.errors));
    const input = await validateInput(registrationSchema, decoded.value);
    if (!input.ok) return reply.status(400).send(validationErrors(input.errors));

    const { accountType, firstname, lastname, companyName, username, email, password, referralId } =
      input.value;
    try {
      const user = await createUser(app.identityDb, {
        username,
        password,
        email,
        firstName: firstname,
        lastName: lastname,
        companyName,
        roles: [accountType],
        referralId: referralId || null,
      });
      return reply.status(201).send({ userId: user.userId } satisfies RegistrationResult);
    } catch (error) {
      if (error instanceof UsernameTakenError) throw new HttpError(400, ACCOUNT_MESSAGES.usernameTaken);
      throw error;
    }
  });
}

/** URL-decodes the name fields; a malformed encoding is a validation error naming the field. */
function decodeNames(body: unknown): { ok: true; value: unknown } | { ok: false; errors: string[] } {
  if (typeof body !== 'object' || body === null) return { ok: true, value: body };
  const value: Record<string, unknown> = { ...body };
  const errors: string[] = [];
  for (const [field, label] of Object.entries(ENCODED_FIELDS)) {
    const raw = value[field];
    if (typeof raw !== 'string') continue;
    try {
      value[field] = decodeURIComponent(raw);
    } catch {
      errors.push(`${label} is not correctly URL-encoded`);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}
