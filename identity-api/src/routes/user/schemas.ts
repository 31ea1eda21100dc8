import { Nullable, Type } from 'service-kit';

/**
 * The structural contract of the account routes: types, lengths and closed bodies. Fields the forms
 * require are Optional here on purpose: shared-domain's yup schemas run next and say 'First name is
 * required' in the forms' own words (the business rules live there, once, for the forms and for us).
 */
const text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
/** Names travel URL-encoded (specs §7): up to three characters per character of a 200-character name. */
const encoded = text(600);

export const UserIdParams = Type.Object(
  { userId: Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', maxLength: 64 }) },
  { additionalProperties: false },
);

export const UsernameQuery = Type.Object({ username: text(200) }, { additionalProperties: false });

export const UserExistsSchema = Type.Object({ exists: Type.Boolean() });

export const RegistrationBody = Type.Object(
  {
    accountType: text(50),
    firstname: encoded,
    lastname: encoded,
    companyName: encoded,
    username: text(200),
    email: text(200),
    password: text(200),
    confirmPassword: text(200),
    referralId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false },
);

export const RegistrationResultSchema = Type.Object({ userId: Type.String() });

export const ProfileUserSchema = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
});

export const ProfileBody = Type.Object(
  {
    userId: text(64),
    userName: text(200),
    firstName: text(200),
    lastName: text(200),
    email: text(200),
    changePassword: Type.Optional(Type.Boolean()),
    password: text(200),
    confirmPassword: text(200),
  },
  { additionalProperties: false },
);

export const LoginRecordBody = Type.Object(
  { referralId: Type.Optional(Nullable(Type.String({ maxLength: 100 }))) },
  { additionalProperties: false },
);

export const SetupParams = Type.Object(
  {
    userId: Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', maxLength: 64 }),
    token: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const FirstTimeSetupBody = Type.Object(
  {
    userId: text(64),
    username: text(200),
    firstname: text(200),
    lastname: text(200),
    email: text(200),
    password: text(200),
    confirmPassword: text(200),
  },
  { additionalProperties: false },
);

/** `POST user/verify-email`: the token of a verification link (/verify-email?token=). */
export const VerifyEmailBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/** A verification link opened: the account's verified address in force. */
export const EmailVerifiedSchema = Type.Object({
  message: Type.String(),
  email: Type.String({ description: 'the address now verified and in force' }),
});

/** `GET user/{userId}/email-verification`: the profile page's account address. */
export const EmailStatusSchema = Type.Object({
  email: Type.String({ description: 'the address in force' }),
  verified: Type.Boolean(),
  pendingEmail: Nullable(
    Type.String({ description: 'a changed address whose link is live (the verified one stays in force)' }),
  ),
});

/** `POST user/{userId}/email-verification`: a new link sent. */
export const VerificationSentSchema = Type.Object({
  message: Type.String(),
  email: Type.String({ description: 'where the link went' }),
});

/** `{success, message}`: the password-reset and first-time-setup answers (specs §7). */
export const PasswordResetAnswerSchema = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** `GET user?username=|email=|fullName=`: exactly one of them (specs/2-documents.md §7). */
export const UserSearchQuery = Type.Object(
  {
    username: text(200),
    email: text(200),
    fullName: text(200),
    // The admin users screen asks page=1&pageSize=300 (specs/3-admin.md §9).
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 300, default: 300 })),
  },
  { additionalProperties: false },
);

/** A row of the user search (shared-ui's `UserRow`). */
export const UserSearchRowSchema = Type.Object({
  userId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.String({ description: "the effective role ('' for none)" }),
  username: Type.String(),
});

const UserIdText = Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', maxLength: 64 });

/** `user/{userId}/{otherUserId}`: two users to link or unlink. */
export const UserPairParams = Type.Object(
  { userId: UserIdText, otherUserId: UserIdText },
  { additionalProperties: false },
);

/** A user as the back office shows one (specs/3-admin.md §3 "User"). */
export const LinkedUserSchema = Type.Object({
  userId: Type.String(),
  userName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  role: Type.String({ description: "the effective role ('' for none)" }),
});
