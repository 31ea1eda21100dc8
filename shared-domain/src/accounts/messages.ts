import { FIELD_MESSAGES } from '../messages.js';

/**
 * Account texts the specs leave to us (§8 gives only the catalogue's). The catalogue's own texts are
 * in MESSAGES; these complete the flows around them. One place, so the UI and the APIs agree.
 */
export const ACCOUNT_MESSAGES = {
  required: FIELD_MESSAGES.required,
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
  /** E-mail verification (/verify-email?token=; identity-api README "E-mail addresses"). */
  emailVerified: 'Your e-mail address has been verified',
  invalidVerificationLink:
    'This e-mail verification link is invalid, has been used or has expired. Sign in and send a new one from your profile',
  emailVerifiedByAnotherAccount:
    'Another account has already verified this e-mail address, so it cannot be verified for this account. Please use another address',
  verificationSent: (email: string) => `A verification link has been sent to ${email}`,
  nothingToVerify: 'Your e-mail address is already verified',
  tooManyVerificationMails:
    'Too many verification e-mails were sent in the last hour. Please try again later',
} as const;
