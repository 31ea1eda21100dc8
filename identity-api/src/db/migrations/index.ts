import type { Migration } from 'kysely';
import { initial } from './0001-initial.js';
import { accounts } from './0002-accounts.js';
import { loginTokens } from './0003-login-tokens.js';
import { accountLimits } from './0004-account-limits.js';
import { userLinks } from './0005-user-links.js';
import { emailVerification } from './0006-email-verification.js';
import { userFinds } from './0007-user-finds.js';
import { rotatingKeys } from './0008-rotating-keys.js';

/** In-code migrations, applied in key order. Never edit a released one; add the next. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-accounts': accounts,
  '0003-login-tokens': loginTokens,
  '0004-account-limits': accountLimits,
  '0005-user-links': userLinks,
  '0006-email-verification': emailVerification,
  '0007-user-finds': userFinds,
  '0008-rotating-keys': rotatingKeys,
};
