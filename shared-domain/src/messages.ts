/** User-facing texts of the error catalogue (specs/1-foundation.md §8), word for word. */
export const MESSAGES = {
  invalidLogin: 'Username or password is invalid. Please try again.',
  lockedOut: 'Your account has been locked due to too many invalid login attempts. Please try again later',
  missingLogin: 'Please provide a username and password',
  invalidUsername: 'Invalid username',
  allFieldsRequired: 'All fields are required',
  noPaymentMethod: 'Please select a payment method',
  connectionError: 'Unable to connect to server',
  connectionErrorTitle: 'Connection Error',
  errorWindowTitle: 'It appears something is amiss!',
  accountCreated: 'Account Created. You may now log in',
  passwordUpdated: 'Your password has been updated',
  passcodeSent: 'A new passcode has been sent to your e-mail address',
  discountApplied: 'Discount has been applied',
  orderCompleted: 'Your order has been completed',
  paymentSuccessful: 'Payment Successful, Thank you your order is now complete',
  documentSending: 'Document is sending and should arrive in your email shortly',
  profileUpdated:
    'Your profile has been updated. Some changes may not be reflected until the next time you login',
} as const;

/**
 * The wording every form's rules share (the accounts' forms, the order form, the payment forms, the NDT
 * input, cart-api's invite): one definition, so a missing field reads the same everywhere.
 */
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required`,
} as const;

/** Error keys identity-api's password grant returns in error_description (§7). */
export const LOGIN_ERROR_KEYS = [
  'gsuite',
  'password_expired',
  'locked_out',
  'user_not_found',
  'unauthorized',
] as const;
export type LoginErrorKey = (typeof LOGIN_ERROR_KEYS)[number];

/** The company users panel's texts (specs/2-documents.md §5, §8; specs/3-admin.md), word for word. */
export const COMPANY_USER_MESSAGES = {
  added: (userName: string) => `${userName} has been added to this company`,
  removed: 'User has been removed from this company',
  confirmRemove: (userName: string) => `Remove ${userName}?`,
  noUsers: 'No users found',
} as const;
