import { Nullable, Type } from 'service-kit';

/** identity-api's user ids, as every other service holds them. */
const UserId = Type.String({ pattern: '^[A-Za-z0-9._-]{1,64}$', maxLength: 64 });
const name = Type.String({ minLength: 1, maxLength: 200 });

/** One request looks up at most this many users (a company's users, a page of a list). */
export const MAX_LOOKUP = 500;

export const LookupBody = Type.Object(
  { userIds: Type.Array(UserId, { maxItems: MAX_LOOKUP }) },
  { additionalProperties: false },
);

export const LookupAnswer = Type.Object({
  users: Type.Array(
    Type.Object({
      userId: Type.String(),
      userName: Type.String(),
      firstName: Type.String(),
      lastName: Type.String(),
      email: Type.String(),
      role: Type.String({ description: "the effective role ('' for none)" }),
    }),
  ),
});

export const InviteBody = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 200 }),
    firstName: name,
    lastName: name,
    companyName: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);

export const InviteAnswer = Type.Object({
  userId: Type.String(),
  created: Type.Boolean({ description: 'false: an account with that e-mail address existed' }),
  setupUrl: Nullable(
    Type.String({ description: "the new account's first-login link (APP_URL/first-time-setup/…)" }),
  ),
});

export const LinksBody = Type.Object({ userId: UserId }, { additionalProperties: false });

/** The users linked to one user, with their effective roles (cart-api's ownership rules). */
export const LinksAnswer = Type.Object({
  users: Type.Array(
    Type.Object({
      userId: Type.String(),
      role: Type.String({ description: "the effective role ('' for none)" }),
    }),
  ),
});

/** Every referral id a user brought (registration and sign-ins): cart-api's partner entitlement. */
export const ReferralsAnswer = Type.Object({
  referralIds: Type.Array(Type.String(), { description: 'distinct, sorted; none for an unknown user' }),
});

export const FoundBody = Type.Object(
  { searcherId: UserId, userIds: Type.Array(UserId, { maxItems: MAX_LOOKUP }) },
  { additionalProperties: false },
);

/** The users among `userIds` the searcher found by an exact search lately (users/finds.ts). */
export const FoundAnswer = Type.Object({ userIds: Type.Array(Type.String()) });
