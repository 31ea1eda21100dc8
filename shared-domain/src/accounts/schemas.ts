import { object, string, boolean, ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { MESSAGES } from '../messages.js';
import { ACCOUNT_MESSAGES } from './messages.js';
import { PASSWORD_POLICY_TEXT, meetsPasswordPolicy } from './password-policy.js';
import { ACCOUNT_TYPES } from './types.js';

/**
 * The account forms' rules, used by the forms (formik's validationSchema) and by identity-api before it
 * changes anything. Server answers: `400 {type:'validation', errors}` with these messages.
 */
const required = (label: string) => string().trim().required(ACCOUNT_MESSAGES.required(label));
const MAX = 200;

/** A new password: the policy; `requiredMessage` is the form's text for a missing one. */
const newPassword = (requiredMessage: string = ACCOUNT_MESSAGES.required('Password')) =>
  string()
    .required(requiredMessage)
    .max(MAX)
    .test(
      'password-policy',
      PASSWORD_POLICY_TEXT,
      (value) => value === undefined || meetsPasswordPolicy(value),
    );

const matching = (field: string, label: string) =>
  string()
    .required(ACCOUNT_MESSAGES.required(label))
    .test('matches', ACCOUNT_MESSAGES.passwordsDoNotMatch, function (value) {
      return value === (this.parent as Record<string, unknown>)[field];
    });

const email = () => required('E-mail address').max(MAX).email(ACCOUNT_MESSAGES.invalidEmail);
const username = () => required('Username').max(100);

/** POST user, after identity-api has URL-decoded the names. */
export const registrationSchema = object({
  accountType: string()
    .required(ACCOUNT_MESSAGES.invalidAccountType)
    .oneOf(
      ACCOUNT_TYPES.map((type) => type.value),
      ACCOUNT_MESSAGES.invalidAccountType,
    ),
  firstname: required('First name').max(MAX),
  lastname: required('Last name').max(MAX),
  companyName: string().trim().max(MAX).default(''),
  username: username(),
  email: email(),
  password: newPassword(),
  confirmPassword: matching('password', 'Confirm password'),
  referralId: string().trim().max(100).nullable().default(null),
});
export type RegistrationInput = InferType<typeof registrationSchema>;

/** Reset step 2: every field is needed, and one message says so (§5). */
export const passwordResetSchema = object({
  username: string().trim().required(MESSAGES.allFieldsRequired),
  // Six digits (spaces tolerated); the cap keeps a long input from reaching the server's scrypt.
  passcode: string().trim().required(MESSAGES.allFieldsRequired).max(12),
  password: newPassword(MESSAGES.allFieldsRequired),
  confirm: string()
    .required(MESSAGES.allFieldsRequired)
    .test('matches', ACCOUNT_MESSAGES.passwordsDoNotMatch, function (value) {
      return value === (this.parent as Record<string, unknown>).password;
    }),
});
export type PasswordResetInput = InferType<typeof passwordResetSchema>;

/** POST user/{userId}/token/{token}: the first-login welcome. */
export const firstTimeSetupSchema = object({
  userId: string().trim().required(),
  username: username(),
  firstname: required('First name').max(MAX),
  lastname: required('Last name').max(MAX),
  email: email(),
  password: newPassword(),
  confirmPassword: matching('password', 'Confirm password'),
});
export type FirstTimeSetupInput = InferType<typeof firstTimeSetupSchema>;

/** POST user/{userId}: the password fields matter only with changePassword (§5 Profile). */
export const profileSchema = object({
  userId: string().trim().required(),
  userName: username(),
  firstName: required('First name').max(MAX),
  lastName: required('Last name').max(MAX),
  email: email(),
  changePassword: boolean().default(false),
  password: string().when('changePassword', {
    is: true,
    then: () => newPassword(),
    otherwise: (schema) => schema.strip(),
  }),
  confirmPassword: string().when('changePassword', {
    is: true,
    then: () => matching('password', 'Confirm password'),
    otherwise: (schema) => schema.strip(),
  }),
});
export type ProfileInput = InferType<typeof profileSchema>;

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/**
 * Validates untrusted input: the cleaned value, or every problem once (the catalogue's `errors`).
 * `context` is what the schema's `$name` references read (the document form's `$colonial`).
 */
export async function validateInput<S extends AnyObjectSchema>(
  schema: S,
  input: unknown,
  context?: Record<string, unknown>,
): Promise<Validated<InferType<S>>> {
  try {
    const value = (await schema.validate(input ?? {}, {
      abortEarly: false,
      stripUnknown: true,
      ...(context ? { context } : {}),
    })) as InferType<S>;
    return { ok: true, value };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, errors: [...new Set(error.errors)] };
    throw error;
  }
}
