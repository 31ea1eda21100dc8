/** The users' catalogue (README "Where a rule lives"): a user identity-api does not know. */
export const USERS_MESSAGES = {
  notFound: 'User not found',
} as const;
