import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  passwordResetSchema,
  validateInput,
  type PasswordResetAnswer,
} from 'shared-domain';
import type { Config } from '../../config.js';
import { issuePasscode, passcodeMail, resetPassword } from '../../users/password-reset.js';
import { validationErrors } from '../answers.js';
import { usernameQuery } from '../user/index.js';

/** GET and POST authentication/password/reset: the forgot-password flow (specs §2, §4, §5). */
export default async function authenticationRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const ttlMinutes = config.mail.passcodeTtlMinutes;

  // One answer, at once, whoever is named: the passcode is made and e-mailed after it (background),
  // so neither the body nor the timing nor a mail failure tells whether the account exists.
  app.get('/authentication/password/reset', { config: { access: 'public' } }, async (request, reply) => {
    const query = await validateInput(usernameQuery, request.query);
    if (!query.ok) return reply.status(400).send(validationErrors(query.errors));
    const { username } = query.value;
    app.background.run('password-reset passcode', async () => {
      const issued = await issuePasscode(app.identityDb, username, ttlMinutes);
      if (issued) await app.mailer.send(passcodeMail(issued.user, issued.passcode, ttlMinutes));
    });
    return { success: true, message: MESSAGES.passcodeSent } satisfies PasswordResetAnswer;
  });

  app.post('/authentication/password/reset', { config: { access: 'public' } }, async (request, reply) => {
    const input = await validateInput(passwordResetSchema, request.body);
    if (!input.ok) return reply.status(400).send(refusal(firstMessage(input.errors)));
    if (!(await resetPassword(app.identityDb, input.value))) {
      return reply.status(400).send(refusal(ACCOUNT_MESSAGES.invalidPasscode));
    }
    return { success: true, message: MESSAGES.passwordUpdated } satisfies PasswordResetAnswer;
  });
}

function refusal(message: string): PasswordResetAnswer {
  return { success: false, message };
}

/** The reset screen shows one message: 'All fields are required' first (§5), else the first problem. */
function firstMessage(errors: string[]): string {
  return errors.includes(MESSAGES.allFieldsRequired) ? MESSAGES.allFieldsRequired : (errors[0] ?? '');
}
