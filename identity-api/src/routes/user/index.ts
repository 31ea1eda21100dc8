import { roleInfo } from 'shared-domain';
import {
  ACCOUNT_MESSAGES,
  firstTimeSetupSchema,
  profileSchema,
  registrationSchema,
  validateInput,
} from 'shared-domain';
import { object, string } from 'yup';
import {
  badRequest,
  callerOf,
  EmptyBody,
  forbidden,
  HttpError,
  NoContent,
  notFound,
  validOrFail,
  ValidationFailure,
  Type,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import type { Config } from '../../config.js';
import {
  emailStatus,
  markEmailVerified,
  verificationMailFor,
  verifyEmail,
} from '../../users/email-verification.js';
import { searchUsers, USER_SEARCH_LIMIT, type UserSearchBy } from '../../users/directory.js';
import { recordFinds } from '../../users/finds.js';
import { recordLogin } from '../../users/login-record.js';
import { toProfileUser, updateProfile } from '../../users/profile.js';
import { completeFirstTimeSetup } from '../../users/temporary-user-token.js';
import { createUser, findByUsernameOrEmail, findById, UsernameTakenError } from '../../users/users.js';
import {
  EmailStatusSchema,
  EmailVerifiedSchema,
  FirstTimeSetupBody,
  LoginRecordBody,
  PasswordResetAnswerSchema,
  ProfileBody,
  ProfileUserSchema,
  RegistrationBody,
  RegistrationResultSchema,
  SetupParams,
  UserExistsSchema,
  UserIdParams,
  UsernameQuery,
  UserSearchQuery,
  UserSearchRowSchema,
  VerificationSentSchema,
  VerifyEmailBody,
} from './schemas.js';

export const usernameQuery = object({
  username: string().trim().required(ACCOUNT_MESSAGES.required('Username')).max(200),
});

/** The business rules after the structure: the value yup cleaned, or its messages as a 400. */
async function rules<S extends Parameters<typeof validateInput>[0]>(schema: S, input: unknown) {
  return validOrFail(await validateInput(schema, input));
}

/** The names travel URL-encoded (specs §7 "names URL-encoded"). */
const ENCODED_FIELDS = {
  firstname: 'First name',
  lastname: 'Last name',
  companyName: 'Company name',
} as const;

function decodeNames<T extends Partial<Record<keyof typeof ENCODED_FIELDS, string>>>(body: T): T {
  const value = { ...body };
  const errors: string[] = [];
  for (const [field, label] of Object.entries(ENCODED_FIELDS) as [keyof typeof ENCODED_FIELDS, string][]) {
    const raw = value[field];
    if (typeof raw !== 'string') continue;
    try {
      value[field] = decodeURIComponent(raw) as T[typeof field];
    } catch {
      errors.push(`${label} is not correctly URL-encoded`);
    }
  }
  if (errors.length > 0) throw new ValidationFailure(errors);
  return value;
}

/** The user search's refusals (the specs give none). */
export const USER_SEARCH_MESSAGES = {
  oneField: 'Search by one of username, email or fullName',
  exactOnly: 'Brokers can find a user by their exact username or e-mail address only',
} as const;

const SEARCH_FIELDS: readonly UserSearchBy[] = ['username', 'email', 'fullName'];

const OWN = (action: string) => ({ resource: 'user', action, param: 'userId' }) as const;
const SIGNED_IN = ['broker', 'epop', 'compliance'] as const;

/** `user…`: exists, registration, profile, sign-in record, first-login setup, e-mail verification. */
const userRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const verification = { appUrl: config.appUrl, ttlHours: config.emailVerificationTtlHours };
  /**
   * Makes a verification link for `email` now (the answer finds it made) and e-mails it after the
   * answer (a mail failure is logged, never answered). Nothing once the hour's links are spent.
   */
  async function sendLink(userId: string, email: string): Promise<boolean> {
    const mail = await verificationMailFor(app.identityDb, verification, userId, email);
    if (mail) app.background.run('e-mail verification link', () => app.mailer.send(mail));
    return mail !== undefined;
  }

  // The reset screen's first step asks this (specs §4 Password reset); by its nature it tells.
  app.get(
    '/user/exists',
    {
      config: { access: 'public', ownership: 'none' },
      schema: {
        summary: 'Whether an account has this username or e-mail address (the password reset asks first)',
        querystring: UsernameQuery,
        response: { 200: UserExistsSchema },
      },
    },
    async (request) => {
      const { username } = await rules(usernameQuery, request.query);
      return { exists: (await findByUsernameOrEmail(app.identityDb, username)) !== undefined };
    },
  );

  // The user search modal (the company users panel's 'Add User'). Compliance browses the directory;
  // a broker only finds the employer they name exactly, so no directory is browsed (README).
  app.get(
    '/user',
    {
      config: { access: ['compliance', 'broker'], ownership: 'none' },
      schema: {
        summary: `Finds users by username, e-mail or full name (compliance: contains, at most ${USER_SEARCH_LIMIT}; brokers: exact username or e-mail)`,
        querystring: UserSearchQuery,
        response: { 200: Type.Array(UserSearchRowSchema) },
      },
    },
    async (request) => {
      const given = SEARCH_FIELDS.flatMap((by) => {
        const text = request.query[by]?.trim();
        return text ? [{ by, text }] : [];
      });
      if (given.length !== 1) throw badRequest(USER_SEARCH_MESSAGES.oneField);
      const [{ by, text }] = given as [{ by: UserSearchBy; text: string }];
      if (callerOf(request).roleGroup === 'compliance') {
        const { page, pageSize } = request.query;
        return searchUsers(app.identityDb, by, text, 'contains', { page, pageSize });
      }
      if (by === 'fullName') throw forbidden(USER_SEARCH_MESSAGES.exactOnly);
      // A broker adds clients' people to a company: employer accounts only, so the search tells a
      // broker nothing about staff or other brokers.
      const found = await searchUsers(app.identityDb, by, text, 'exact');
      const employers = found.filter((user) => roleInfo([user.role]).roleGroup === 'epop');
      // What the broker found exactly, cart-api lets them add to a client company (users/finds.ts).
      await recordFinds(
        app.identityDb,
        callerOf(request).userId,
        employers.map((user) => user.userId),
      );
      return employers;
    },
  );

  app.post(
    '/user',
    {
      config: { access: 'public', ownership: 'none' },
      schema: {
        summary: 'Creates a Producer/Broker or Employer account (names URL-encoded)',
        body: RegistrationBody,
        response: { 201: RegistrationResultSchema },
      },
    },
    async (request, reply) => {
      const input = await rules(registrationSchema, decodeNames(request.body));
      try {
        const user = await createUser(app.identityDb, {
          username: input.username,
          password: input.password,
          email: input.email,
          firstName: input.firstname,
          lastName: input.lastname,
          companyName: input.companyName,
          roles: [input.accountType],
          referralId: input.referralId || null,
        });
        // The address counts once its link is opened (README "E-mail addresses").
        await sendLink(user.userId, user.email);
        return reply.status(201).send({ userId: user.userId });
      } catch (error) {
        if (error instanceof UsernameTakenError) throw badRequest(ACCOUNT_MESSAGES.usernameTaken);
        throw error;
      }
    },
  );

  app.get(
    '/user/:userId',
    {
      config: { access: SIGNED_IN, ownership: OWN('read') },
      schema: {
        summary: "The caller's profile ('Your Profile')",
        params: UserIdParams,
        response: { 200: ProfileUserSchema },
      },
    },
    async (request) => {
      const user = await findById(app.identityDb, request.params.userId);
      if (!user) throw notFound(ACCOUNT_MESSAGES.notFound);
      return toProfileUser(user);
    },
  );

  app.post(
    '/user/:userId',
    {
      config: { access: SIGNED_IN, ownership: OWN('update') },
      schema: {
        summary: "Saves the caller's profile; the password only with changePassword",
        params: UserIdParams,
        body: ProfileBody,
        response: { 200: ProfileUserSchema },
      },
    },
    async (request) => {
      const { userId, userName, firstName, lastName, email, changePassword, password } = await rules(
        profileSchema,
        request.body,
      );
      if (userId !== request.params.userId)
        throw new ValidationFailure(['The userId does not match the address']);
      try {
        const saved = await updateProfile(app.identityDb, userId, {
          userName,
          firstName,
          lastName,
          email,
          password: changePassword ? password : undefined,
        });
        if (!saved) throw notFound(ACCOUNT_MESSAGES.notFound);
        // A new address waits for its link; a verified one stays in force meanwhile.
        if (saved.verify) await sendLink(userId, saved.verify);
        return saved.profile;
      } catch (error) {
        if (error instanceof UsernameTakenError) throw badRequest(ACCOUNT_MESSAGES.usernameTaken);
        throw error;
      }
    },
  );

  app.post(
    '/user/:userId/login',
    {
      config: { access: SIGNED_IN, ownership: OWN('record-login') },
      schema: {
        summary: 'Records a sign-in of the caller, with the referral id the browser kept',
        params: UserIdParams,
        body: LoginRecordBody,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const referralId = request.body.referralId?.trim() || null;
      if (!(await recordLogin(app.identityDb, request.params.userId, referralId))) {
        throw notFound(ACCOUNT_MESSAGES.notFound);
      }
      return reply.status(204).send(null);
    },
  );

  // The first-login welcome sets the account's names and password and spends the link. The token is a
  // credential: logging.ts keeps it out of the logs.
  app.post(
    '/user/:userId/token/:token',
    {
      config: { access: 'public', ownership: 'none' },
      schema: {
        summary: 'First-login welcome: sets the names and password of an invited account and spends the link',
        params: SetupParams,
        body: FirstTimeSetupBody,
        response: { 200: PasswordResetAnswerSchema },
      },
    },
    async (request) => {
      const { userId, username, firstname, lastname, email, password } = await rules(
        firstTimeSetupSchema,
        request.body,
      );
      if (userId !== request.params.userId) throw badRequest(ACCOUNT_MESSAGES.invalidSetupLink);
      try {
        const done = await completeFirstTimeSetup(app.identityDb, userId, request.params.token, {
          username,
          firstname,
          lastname,
          email,
          password,
        });
        if (!done) throw badRequest(ACCOUNT_MESSAGES.invalidSetupLink);
        // The setup link went to the account's address: keeping that address verifies it (unless
        // another account verified it first); a new address gets a link of its own.
        if (done.keptAddress) await markEmailVerified(app.identityDb, userId);
        else await sendLink(userId, done.verify);
      } catch (error) {
        if (error instanceof UsernameTakenError) throw badRequest(ACCOUNT_MESSAGES.usernameTaken);
        throw error;
      }
      return { success: true, message: ACCOUNT_MESSAGES.setupComplete };
    },
  );

  // The link of a verification e-mail (/verify-email?token=): public, since it is opened from the
  // mailbox, in any browser. The token is a credential (in the body, never in a URL).
  app.post(
    '/user/verify-email',
    {
      config: { access: 'public', ownership: 'none' },
      schema: {
        summary: "Opens an e-mail verification link: its address becomes the account's verified address",
        body: VerifyEmailBody,
        response: { 200: EmailVerifiedSchema },
      },
    },
    async (request) => {
      const answer = await verifyEmail(app.identityDb, request.body.token.trim());
      if (!answer.ok) {
        throw badRequest(
          answer.reason === 'taken'
            ? ACCOUNT_MESSAGES.emailVerifiedByAnotherAccount
            : ACCOUNT_MESSAGES.invalidVerificationLink,
        );
      }
      return { message: ACCOUNT_MESSAGES.emailVerified, email: answer.email };
    },
  );

  app.get(
    '/user/:userId/email-verification',
    {
      config: { access: SIGNED_IN, ownership: OWN('read') },
      schema: {
        summary: "The caller's e-mail address: in force, whether verified, and a change waiting for its link",
        params: UserIdParams,
        response: { 200: EmailStatusSchema },
      },
    },
    async (request) => {
      const status = await emailStatus(app.identityDb, request.params.userId);
      if (!status) throw notFound(ACCOUNT_MESSAGES.notFound);
      return status;
    },
  );

  // 'Send the link again' on the profile page (a lost or expired e-mail).
  app.post(
    '/user/:userId/email-verification',
    {
      config: { access: SIGNED_IN, ownership: OWN('verify-email') },
      schema: {
        summary: "Sends a new verification link to the caller's address waiting for one",
        params: UserIdParams,
        body: EmptyBody,
        response: { 200: VerificationSentSchema },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const status = await emailStatus(app.identityDb, userId);
      if (!status) throw notFound(ACCOUNT_MESSAGES.notFound);
      // A lapsed change is forgotten: only a live pending change, or an unverified address in force.
      const email = status.pendingEmail ?? (status.verified ? null : status.email);
      if (!email) throw badRequest(ACCOUNT_MESSAGES.nothingToVerify);
      if (!(await sendLink(userId, email)))
        throw new HttpError(429, ACCOUNT_MESSAGES.tooManyVerificationMails);
      return { message: ACCOUNT_MESSAGES.verificationSent(email), email };
    },
  );
};

export default userRoutes;
