/**
 * The companies' catalogue (README "Where a rule lives"). The company users panel's toasts are
 * shared-domain's COMPANY_USER_MESSAGES (the browser shows them); a user not found is the users' text.
 */
export const COMPANIES_MESSAGES = {
  notFound: 'Company not found',
} as const;
