/** The account shapes of specs/1-foundation.md §3 and §7, as the API carries them. */

/** Account types a visitor may register (§5): only these two. */
export const ACCOUNT_TYPES = [
  { value: 'broker', label: 'Producer/Broker' },
  { value: 'employer', label: 'Employer' },
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number]['value'];

/**
 * POST user. `firstname`, `lastname` and `companyName` travel URL-encoded (encodeURIComponent, §7
 * "names URL-encoded"); identity-api decodes them before validating.
 */
export interface RegistrationPayload {
  accountType: AccountType;
  firstname: string;
  lastname: string;
  companyName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
  referralId: string | null;
}

/** 201 answer of POST user. */
export interface RegistrationResult {
  userId: string;
}

/** GET user/exists?username= (a username or an e-mail address). */
export interface UserExists {
  exists: boolean;
}

/** GET authentication/password/reset?username= and POST authentication/password/reset (200 and 400). */
export interface PasswordResetAnswer {
  success: boolean;
  message: string;
}

/** POST authentication/password/reset. */
export interface PasswordResetRequest {
  username: string;
  password: string;
  confirm: string;
  passcode: string;
}

/** GET temporary-user-token?token= (§3 Temporary user token). */
export interface TemporaryUserToken {
  userId: string;
  user: { userName: string; firstName: string; lastName: string; email: string };
}

/** POST user/{userId}/token/{token}: the first-login welcome's form. */
export interface FirstTimeSetupPayload {
  userId: string;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** GET user/{userId} (§3 Profile user). */
export interface ProfileUser {
  userId: string;
  userName: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** POST user/{userId}: answers the updated ProfileUser. */
export interface ProfileUpdate extends ProfileUser {
  changePassword: boolean;
  password: string;
  confirmPassword: string;
}

/** POST user/{userId}/login (after every sign-in). */
export interface LoginRecord {
  referralId: string | null;
}

/** POST page-view (cart-api): one per navigation; the path only, never the query string. */
export interface PageViewPayload {
  path: string;
}
