import cardValidator from 'card-validator';
import { isUsStateId, MASKS, PAYMENT_FORM_MESSAGES, validRoutingNumber } from 'shared-domain/forms';

/**
 * The checks a payment passes before any processor sees it (issue 10 "Payments"): the checkout
 * form's rules and texts (shared-domain/forms payment.ts), run again here; the brand and the Luhn
 * check by card-validator.
 */
export const PAYMENT_MESSAGES = {
  ...PAYMENT_FORM_MESSAGES,
  zip: MASKS.zip.message,
  state: PAYMENT_FORM_MESSAGES.invalidState,
  cvvOfCard: (size: number) => `CVV Code must be ${size} digits for this card`,
} as const;

/** An address a processor would take: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spaces and dashes are how people type card numbers; the number itself is the digits. */
export const digitsOf = (text: string): string => text.replace(/[\s-]/g, '');

/** The card's brand ('Visa', 'Mastercard', 'American Express'…) when the number is a valid one. */
export function cardBrand(number: string): string | null {
  const digits = digitsOf(number);
  if (!/^\d{15,16}$/.test(digits)) return null;
  const checked = cardValidator.number(digits);
  return checked.isValid ? (checked.card?.niceType ?? 'Card') : null;
}

/** A card expires at the end of its month; `today` is YYYY-MM-DD. */
export function expired(month: number, year: number, today: string): boolean {
  const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];
  return year < thisYear || (year === thisYear && month < thisMonth);
}

export interface CardInput {
  firstName: string;
  lastName: string;
  company: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country?: 'US' | 'CA' | undefined;
  email: string;
  cardNumber: string;
  expirationMonth: number;
  expirationYear: number;
  cvv: string;
}

/** Every problem of a card payment (empty when it may be charged). */
export function cardProblems(input: CardInput, today: string): string[] {
  const problems: string[] = [];
  const required = {
    firstName: 'First Name',
    lastName: 'Last Name',
    company: 'Company',
    street: 'Street',
    city: 'City',
    state: 'State',
    email: 'Email',
  } as const;
  for (const [field, label] of Object.entries(required)) {
    if (input[field as keyof typeof required].trim() === '') problems.push(PAYMENT_MESSAGES.required(label));
  }
  // §5: the zip is required for US only (a Postal Code otherwise, optional).
  if ((input.country ?? 'US') === 'US') {
    if (!MASKS.zip.pattern.test(input.zip.trim())) problems.push(PAYMENT_MESSAGES.zip);
    if (input.state.trim() !== '' && !isUsStateId(input.state.trim())) problems.push(PAYMENT_MESSAGES.state);
  }
  if (!cardBrand(input.cardNumber)) problems.push(PAYMENT_MESSAGES.cardNumber);
  if (expired(input.expirationMonth, input.expirationYear, today)) problems.push(PAYMENT_MESSAGES.expired);
  const cvv = digitsOf(input.cvv);
  const codeSize = cardValidator.number(digitsOf(input.cardNumber)).card?.code.size;
  if (!MASKS.cvv.pattern.test(cvv)) problems.push(PAYMENT_MESSAGES.cvv);
  else if (codeSize && cvv.length !== codeSize) problems.push(PAYMENT_MESSAGES.cvvOfCard(codeSize));
  if (input.email.trim() !== '' && !EMAIL.test(input.email.trim()))
    problems.push(PAYMENT_MESSAGES.invalidEmail);
  return problems;
}

export interface AchInput {
  routingNumber: string;
  bankName: string;
  email: string;
  accountNumber: string;
  nameOnAccount: string;
}

export function achProblems(input: AchInput): string[] {
  const problems: string[] = [];
  if (!validRoutingNumber(digitsOf(input.routingNumber))) problems.push(PAYMENT_MESSAGES.routingNumber);
  if (input.bankName.trim() === '') problems.push(PAYMENT_MESSAGES.required('Bank Name'));
  if (input.email.trim() === '') problems.push(PAYMENT_MESSAGES.required('Email'));
  else if (!EMAIL.test(input.email.trim())) problems.push(PAYMENT_MESSAGES.invalidEmail);
  if (!/^\d{4,17}$/.test(digitsOf(input.accountNumber))) problems.push(PAYMENT_MESSAGES.accountNumber);
  if (input.nameOnAccount.trim() === '') problems.push(PAYMENT_MESSAGES.required('Name on Account'));
  return problems;
}
