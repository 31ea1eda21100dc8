import cardValidator from 'card-validator';
import { number, object, string, ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { CARD_COUNTRIES, CARD_EXPIRY_YEAR_COUNT } from '../checkout.js';
import { FIELD_MESSAGES } from '../messages.js';
import { productToday } from '../time.js';
import { DOCUMENT_MESSAGES } from './document-rules.js';
import { isUsStateId } from './lists.js';
import { MASKS } from './masks.js';

/**
 * The checkout's payment forms (specs/1-foundation.md §2 "Checkout", §3 "Card payment", "ACH payment",
 * §5 "Payment"): the values the forms hold (text, as typed), the rules that say which are required
 * and well formed, and the bodies sent to `purchase/card` and `purchase/ach`. The server runs the same
 * schemas on the bodies before any processor sees them (cardPaymentProblems, achPaymentProblems): one
 * rule set, one clock (the product's day), one e-mail rule, card-validator for the card number.
 */
export const PAYMENT_FORM_MESSAGES = {
  required: FIELD_MESSAGES.required,
  invalidEmail: DOCUMENT_MESSAGES.invalidEmail,
  invalidState: DOCUMENT_MESSAGES.invalidState,
  cardNumber: 'Card Number is not a valid card number',
  expired: 'The card has expired: check Exp Month and Exp Year',
  cvv: MASKS.cvv.message,
  cvvOfCard: (size: number) => `CVV Code must be ${size} digits for this card`,
  routingNumber: 'ABA Routing Number is not a valid routing number',
  accountNumber: 'Account Number must be 4 to 17 digits',
} as const;

export type CardCountry = (typeof CARD_COUNTRIES)[number]['value'];

/** The card form as typed: selects hold text ('12'), the card number its groups ('4111 1111 …'). */
export interface CardPaymentForm {
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  country: CardCountry;
  city: string;
  state: string;
  /** Zip Code (US) or Postal Code. */
  zip: string;
  phone: string;
  email: string;
  cardNumber: string;
  expirationMonth: string;
  expirationYear: string;
  cvv: string;
}

export interface AchPaymentForm {
  routingNumber: string;
  bankName: string;
  email: string;
  accountNumber: string;
  nameOnAccount: string;
  /** true: Checking, false: Savings. */
  checking: boolean;
}

/** The body of `POST shopping-cart/{userId}/purchase/card` (no amount: the server charges its total). */
export interface CardPaymentBody {
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  country: CardCountry;
  city: string;
  state: string;
  zip: string;
  phone?: string;
  email: string;
  cardNumber: string;
  expirationMonth: number;
  expirationYear: number;
  cvv: string;
}

export type AchPaymentBody = AchPaymentForm;

/** Exp Month: 1 to 12. */
export const EXPIRATION_MONTHS: readonly number[] = Array.from({ length: 12 }, (_, index) => index + 1);

/** Exp Year: this year and the next 10 (§9). */
export function expirationYears(now: Date = new Date()): number[] {
  const year = Number(productToday(now).slice(0, 4));
  return Array.from({ length: CARD_EXPIRY_YEAR_COUNT }, (_, index) => year + index);
}

/** §3 defaults: country US, expiry month 12 of the current year. */
export function blankCardPaymentForm(now: Date = new Date()): CardPaymentForm {
  return {
    firstName: '',
    lastName: '',
    company: '',
    street: '',
    country: 'US',
    city: '',
    state: '',
    zip: '',
    phone: '',
    email: '',
    cardNumber: '',
    expirationMonth: '12',
    expirationYear: productToday(now).slice(0, 4),
    cvv: '',
  };
}

/** §3 defaults: a checking account. */
export function blankAchPaymentForm(): AchPaymentForm {
  return {
    routingNumber: '',
    bankName: '',
    email: '',
    accountNumber: '',
    nameOnAccount: '',
    checking: true,
  };
}

/** §5: spaces are stripped from the card number and the CVV before sending. */
export const withoutSpaces = (text: string): string => text.replace(/\s+/g, '');

/** The digits of a card or account number as people type it (spaces and dashes aside). */
export const digitsOf = (text: string): string => text.replace(/[\s-]/g, '');

/**
 * A card number of 15 or 16 digits that card-validator knows (a brand's prefix and length, and the
 * Luhn checksum every card number carries).
 */
export const validCardNumber = (text: string): boolean => cardBrand(text) !== null;

/** The card's brand ('Visa', 'Mastercard', 'American Express'…) when the number is a valid one. */
export function cardBrand(text: string): string | null {
  const digits = digitsOf(text);
  if (!/^\d{15,16}$/.test(digits)) return null;
  const checked = cardValidator.number(digits);
  return checked.isValid ? (checked.card?.niceType ?? 'Card') : null;
}

/** The CVV's size for the card's brand (3, or 4 for American Express), when the brand is known. */
const cvvSizeOf = (cardNumber: string): number | undefined =>
  cardValidator.number(digitsOf(cardNumber)).card?.code.size;

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function validRoutingNumber(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const d = [...text].map(Number) as number[];
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

/** A card is good to the end of its expiry month, in the product's calendar (America/New_York). */
export function cardExpired(month: number, year: number, now: Date = new Date()): boolean {
  const [thisYear, thisMonth] = productToday(now).split('-').map(Number) as [number, number];
  return year < thisYear || (year === thisYear && month < thisMonth);
}

const { required } = PAYMENT_FORM_MESSAGES;
const requiredText = (label: string, max = 200) => string().trim().max(max).required(required(label));
const requiredEmail = (label: string) => requiredText(label, 254).email(PAYMENT_FORM_MESSAGES.invalidEmail);
const selectedNumber = (label: string) =>
  number().typeError(required(label)).required(required(label)).integer();

/**
 * §5 "Required for card": first name, last name, company, street, city, state, email, card number,
 * expiry month and year, CVV; zip for US only. Context `{ now }` dates the expiry check (today by default).
 */
export const cardPaymentSchema: ObjectSchema<AnyObject> = object({
  firstName: requiredText('First Name', 100),
  lastName: requiredText('Last Name', 100),
  company: requiredText('Company'),
  street: requiredText('Street'),
  country: string()
    .required(required('Country'))
    .oneOf(
      CARD_COUNTRIES.map((country) => country.value),
      required('Country'),
    ),
  city: requiredText('City', 100),
  state: requiredText('State', 100).when('country', {
    is: 'US',
    then: (schema) =>
      schema.test('us-state', PAYMENT_FORM_MESSAGES.invalidState, (value) => !value || isUsStateId(value)),
  }),
  zip: string()
    .trim()
    .max(10)
    .when('country', {
      is: 'US',
      then: (schema) => schema.required(required('Zip Code')).matches(MASKS.zip.pattern, MASKS.zip.message),
    }),
  phone: string()
    .trim()
    .matches(MASKS.phone.pattern, { message: MASKS.phone.message, excludeEmptyString: true }),
  email: requiredEmail('Email'),
  cardNumber: string()
    .required(required('Card Number'))
    .test('card-number', PAYMENT_FORM_MESSAGES.cardNumber, (value) => validCardNumber(value ?? '')),
  expirationMonth: selectedNumber('Exp Month').min(1).max(12),
  expirationYear: selectedNumber('Exp Year').test(
    'not-expired',
    PAYMENT_FORM_MESSAGES.expired,
    (year, test) => {
      const month = Number(test.parent.expirationMonth);
      const now = (test.options.context?.now as Date | undefined) ?? new Date();
      return year === undefined || !Number.isInteger(month) || !cardExpired(month, year, now);
    },
  ),
  cvv: string()
    .required(required('CVV Code'))
    .test('cvv', PAYMENT_FORM_MESSAGES.cvv, (value) => MASKS.cvv.pattern.test(withoutSpaces(value ?? '')))
    .test('cvv-of-card', (value, test) => {
      const size = cvvSizeOf(String(test.parent.cardNumber ?? ''));
      return !size || withoutSpaces(value ?? '').length === size
        ? true
        : test.createError({ message: PAYMENT_FORM_MESSAGES.cvvOfCard(size) });
    }),
});

/** §5 "Required for ACH": routing number, bank name, email, account number, name on account. */
export const achPaymentSchema: ObjectSchema<AnyObject> = object({
  routingNumber: string()
    .required(required('ABA Routing Number'))
    .test('aba', PAYMENT_FORM_MESSAGES.routingNumber, (value) =>
      validRoutingNumber(withoutSpaces(value ?? '')),
    ),
  bankName: requiredText('Bank Name', 100),
  email: requiredEmail('Email'),
  accountNumber: string()
    .required(required('Account Number'))
    .test('account-number', PAYMENT_FORM_MESSAGES.accountNumber, (value) =>
      /^\d{4,17}$/.test(withoutSpaces(value ?? '')),
    ),
  nameOnAccount: requiredText('Name on Account', 100),
});

async function fieldErrors(
  schema: ObjectSchema<AnyObject>,
  values: object,
  context: Record<string, unknown> = {},
): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false, context });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, string> = {};
    for (const issue of error.inner.length > 0 ? error.inner : [error]) {
      if (issue.path && errors[issue.path] === undefined) errors[issue.path] = issue.message;
    }
    return errors;
  }
}

/** Every error in the schema's field order: the server's answer (400, one line per problem). */
async function problems(
  schema: ObjectSchema<AnyObject>,
  values: object,
  context: Record<string, unknown> = {},
): Promise<string[]> {
  const errors = await fieldErrors(schema, values, context);
  return Object.keys(schema.fields).flatMap((field) => (errors[field] ? [errors[field]] : []));
}

/** The card form's errors by field (empty when it may be sent). */
export const cardPaymentFieldErrors = (values: CardPaymentForm, now: Date = new Date()) =>
  fieldErrors(cardPaymentSchema, values, { now });

/** The ACH form's errors by field (empty when it may be sent). */
export const achPaymentFieldErrors = (values: AchPaymentForm) => fieldErrors(achPaymentSchema, values);

/** What the card form sends: trimmed text, the card number and CVV without spaces, numbers for the expiry. */
export function cardPaymentBody(values: CardPaymentForm): CardPaymentBody {
  const phone = values.phone.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    company: values.company.trim(),
    street: values.street.trim(),
    country: values.country,
    city: values.city.trim(),
    state: values.state.trim(),
    zip: values.zip.trim(),
    ...(phone ? { phone } : {}),
    email: values.email.trim(),
    cardNumber: withoutSpaces(values.cardNumber),
    expirationMonth: Number(values.expirationMonth),
    expirationYear: Number(values.expirationYear),
    cvv: withoutSpaces(values.cvv),
  };
}

/** What the ACH form sends: trimmed text, the routing and account numbers without spaces. */
export function achPaymentBody(values: AchPaymentForm): AchPaymentBody {
  return {
    routingNumber: withoutSpaces(values.routingNumber),
    bankName: values.bankName.trim(),
    email: values.email.trim(),
    accountNumber: withoutSpaces(values.accountNumber),
    nameOnAccount: values.nameOnAccount.trim(),
    checking: values.checking,
  };
}

/**
 * What the server refuses in a card payment body before any processor sees it: the card form's own
 * rules (a body without a country is a US card, as the API's default says).
 */
export const cardPaymentProblems = (
  body: Omit<CardPaymentBody, 'country'> & { country?: CardCountry },
  now: Date,
) => problems(cardPaymentSchema, { ...body, country: body.country ?? 'US' }, { now });

/** What the server refuses in an ACH payment body: the ACH form's own rules. */
export const achPaymentProblems = (body: Omit<AchPaymentBody, 'checking'>) =>
  problems(achPaymentSchema, body);
