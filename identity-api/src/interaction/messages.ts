import { MESSAGES } from 'shared-domain';
import type { SignInRefusal } from '../users/sign-in.js';

/** What the sign-in page says when a sign-in is refused: the catalogue's texts where it has one. */
export const REFUSAL_TEXT: Record<SignInRefusal, string> = {
  user_not_found: MESSAGES.invalidLogin,
  unauthorized: MESSAGES.invalidLogin,
  // Not reached here (the page accepts federated users); kept so every refusal has a text.
  gsuite: MESSAGES.invalidLogin,
  locked_out: MESSAGES.lockedOut,
  // Only federated users see it: the others are sent to the reset screen, but a federated user's
  // password lives with their identity provider (no e-mail reset).
  password_expired: 'Your password has expired. Please ask your administrator to reset it.',
};

export const MISSING_INPUT_TEXT = MESSAGES.missingLogin;

/** A form post the page cannot read (too long, not a form): nothing was checked. */
export const UNREADABLE_FORM_TEXT = 'The sign-in form could not be read. Please try again.';

export const EXPIRED_TEXT =
  'This sign-in has expired or is no longer valid. Please return to POP Documents and start again.';
