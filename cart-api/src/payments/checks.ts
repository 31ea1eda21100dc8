import cardValidator from 'card-validator';
import { US_STATE_IDS } from 'shared-domain/forms';

const US_STATE_CODES = new Set(US_STATE_IDS);

/** The checks a payment passes before any processor sees it (issue 10 "Payments"); messages say which field. */
export const PAYMENT_MESSAGES = {
  cardNumber: 'Card Number is not a valid card number',
  expired: 'The card has expired: check Exp Month and Exp Year',
  cvv: 'CVV Code must be 3 or 4 digits',
  zip: 'Zip Code must be 5 digits, or 5 and 4 digits (#####-####)',
  postalCode: 'Postal Code is required',
  state: 'State must be one of the US states',
  routingNumber: 'ABA Routing Number is not a valid routing number',
  accountNumber: 'Account Number must be 4 to 17 digits',
  required: (label: string) => `${label} is required`,
} as const;

/** Spaces and dashes are how people type card numbers; the number itself is the digits. */
export const digitsOf = (text: string): string => text.replace(/[\s-]/g, '');

/** The card's brand ('Visa', 'Mastercard', 'American Express'…) when the number is a valid one. */
export function cardBrand(number: string): string | null {
  const digits = digitsOf(number);
  if (!/^\d{15,16}$/.test(digits)) return null;
  const checked = cardValidator.number(digits);
  return checked.isValid ? (checked.card?.niceType ?? 'Card') : null;
}

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function validRoutingNumber(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const d = [...text].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
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
  if ((input.country ?? 'US') === 'US') {
    if (!/^\d{5}(-\d{4})?$/.test(input.zip.trim())) problems.push(PAYMENT_MESSAGES.zip);
    if (input.state.trim() !== '' && !US_STATE_CODES.has(input.state.trim())) {
      problems.push(PAYMENT_MESSAGES.state);
    }
  } else if (input.zip.trim() === '') {
    problems.push(PAYMENT_MESSAGES.postalCode);
  }
  if (!cardBrand(input.cardNumber)) problems.push(PAYMENT_MESSAGES.cardNumber);
  if (expired(input.expirationMonth, input.expirationYear, today)) problems.push(PAYMENT_MESSAGES.expired);
  if (!/^\d{3,4}$/.test(digitsOf(input.cvv))) problems.push(PAYMENT_MESSAGES.cvv);
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
  if (!/^\d{4,17}$/.test(digitsOf(input.accountNumber))) problems.push(PAYMENT_MESSAGES.accountNumber);
  if (input.nameOnAccount.trim() === '') problems.push(PAYMENT_MESSAGES.required('Name on Account'));
  return problems;
}
