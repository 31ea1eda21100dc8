import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  passwordResetSchema,
  validateInput,
  type PasswordResetAnswer,
} from 'shared-domain';
import { ref, Type, validOrFail, type FastifyPluginAsyncTypebox } from 'service-kit';
import type { Config } from '../../config.js';
import { issuePasscode, passcodeMail, resetPassword } from '../../users/password-reset.js';
import { PasswordResetAnswerSchema, UsernameQuery } from '../user/schemas.js';
import { usernameQuery } from '../user/index.js';

const PasswordResetBody = Type.Object(
  {
    username: Type.Optional(Type.String({ maxLength: 200 })),
    // Six digits (spaces tolerated); the cap keeps a long input from reaching the server's scrypt.
    passcode: Type.Optional(Type.String({ maxLength: 12 })),
    password: Type.Optional(Type.String({ maxLength: 200 })),
    confirm: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const PUBLIC = { access: 'public', ownership: 'none' } as const;

/** GET and POST authentication/password/reset: the forgot-password flow (specs §2, §4, §5). */
const authenticationRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const ttlMinutes = config.mail.passcodeTtlMinutes;

  // One answer, at once, whoever is named: the passcode is made and e-mailed after it (background),
  // so neither the body nor the timing nor a mail failure tells whether the account exists.
  app.get(
    '/authentication/password/reset',
    {
      config: PUBLIC,
      schema: {
        summary: 'Sends a password-reset passcode to the account’s e-mail (the same answer for any username)',
        querystring: UsernameQuery,
        response: { 200: PasswordResetAnswerSchema },
      },
    },
    async (request) => {
      const { username } = validOrFail(await validateInput(usernameQuery, request.query));
      app.background.run('password-reset passcode', async () => {
        const issued = await issuePasscode(app.identityDb, username, ttlMinutes);
        if (issued) await app.mailer.send(passcodeMail(issued.user, issued.passcode, ttlMinutes));
      });
      return { success: true, message: MESSAGES.passcodeSent } satisfies PasswordResetAnswer;
    },
  );

  app.post(
    '/authentication/password/reset',
    {
      config: PUBLIC,
      schema: {
        summary: 'Sets a new password with the e-mailed passcode',
        body: PasswordResetBody,
        response: {
          200: PasswordResetAnswerSchema,
          // The reset screen shows one message: `{success:false, message}`; a malformed body the catalogue's.
          400: Type.Union([PasswordResetAnswerSchema, ref('ValidationError'), ref('MessageError')]),
        },
      },
    },
    async (request, reply) => {
      const input = await validateInput(passwordResetSchema, request.body);
      if (!input.ok) return reply.status(400).send(refusal(firstMessage(input.errors)));
      if (!(await resetPassword(app.identityDb, input.value))) {
        return reply.status(400).send(refusal(ACCOUNT_MESSAGES.invalidPasscode));
      }
      return { success: true, message: MESSAGES.passwordUpdated } satisfies PasswordResetAnswer;
    },
  );
};

function refusal(message: string): PasswordResetAnswer {
  return { success: false, message };
}

/** The reset screen shows one message: 'All fields are required' first (§5), else the first problem. */
function firstMessage(errors: string[]): string {
  return errors.includes(MESSAGES.allFieldsRequired) ? MESSAGES.allFieldsRequired : (errors[0] ?? '');
}

export default authenticationRoutes;
