export const COMPANY_USER_MESSAGES = { userNotFound: 'User not found' } as const;
