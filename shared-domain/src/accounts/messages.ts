/**
 * Account texts the specs leave to us (§8 gives only the catalogue's). The catalogue's own texts are
 * in MESSAGES; these complete the flows around them. One place, so the UI and the APIs agree.
 */
export const ACCOUNT_MESSAGES = {
  required: (field: string) => `${field} is required`,
  invalidEmail: 'Please enter a valid e-mail address',
  passwordsDoNotMatch: 'The passwords do not match',
  usernameTaken: 'That username is already taken. Please choose another',
  invalidAccountType: 'Please choose Producer/Broker or Employer',
  invalidPasscode: 'The passcode is invalid or has expired. Please request a new one',
  invalidSetupLink: 'This account setup link is invalid or has expired',
  invalidSignInLink: 'This sign-in link is invalid or has expired',
  externalSignInFailed: 'The sign-in with your organization account did not complete. Please try again.',
  passwordExpired: 'Your password has expired. We will e-mail you a passcode to choose a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  setupComplete: 'Your account is ready. You may now log in',
  notFound: 'No such user',
} as const;
