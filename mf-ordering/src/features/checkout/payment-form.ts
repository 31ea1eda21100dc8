import type { PAYMENT_TYPES } from 'shared-domain';
import {
  achPaymentFieldErrors,
  blankAchPaymentForm,
  blankCardPaymentForm,
  cardPaymentFieldErrors,
  isUsStateId,
  MASKS,
  type AchPaymentForm,
  type CardPaymentForm,
} from 'shared-domain/forms';
import type { SessionUser } from 'shared-ui';

export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * The note under the ACH form: what CHECKOUT_MESSAGES.neverStored says of a card (shown with the card
 * form), said of the bank account.
 */
export const ACH_NEVER_STORED =
  'Your account information is sent encrypted and is never stored: only its last four digits appear on your receipt.';

/** One form for both methods: the Payment Type chooses which fields show and which rules run. */
export type PaymentFormValues = CardPaymentForm & AchPaymentForm & { paymentType: PaymentType };

/**
 * Card chosen at first (issue 24: most pay by card, and a form with no method was one more click), the
 * card and ACH fields with §3's defaults, and the payer's name and e-mail from the signed-in profile.
 */
export const blankPaymentForm = (user?: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>) => {
  const values: PaymentFormValues = {
    ...blankCardPaymentForm(),
    ...blankAchPaymentForm(),
    paymentType: 'Credit Card',
  };
  if (!user) return values;
  return { ...values, firstName: user.firstName, lastName: user.lastName, email: user.email };
};

/** The chosen method's errors by field (shared-domain's rules). */
export function validatePayment(values: PaymentFormValues): Promise<Record<string, string>> | object {
  return values.paymentType === 'ACH' ? achPaymentFieldErrors(values) : cardPaymentFieldErrors(values);
}

/** The billing fields a document's order-form answers can fill. */
export type DocumentBilling = Partial<Pick<CardPaymentForm, 'company' | 'street' | 'city' | 'state' | 'zip'>>;

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The card form's company and address from a document's answers (its company step): the client
 * company, its address lines as one street, city, state and zip. Only what the card form accepts as it
 * is (a US state id, a zip in its mask), so a prefilled field is never wrong from the start.
 */
export function billingFromDocument(form: Record<string, unknown>): DocumentBilling {
  const street = [textOf(form.addressLine1), textOf(form.addressLine2)].filter(Boolean).join(', ');
  const state = textOf(form.state);
  const zip = textOf(form.zipCode);
  const billing: DocumentBilling = {
    company: textOf(form.clientCompanyName),
    street: street.slice(0, 200),
    city: textOf(form.city),
    state: isUsStateId(state) ? state : '',
    zip: MASKS.zip.pattern.test(zip) ? zip : '',
  };
  return Object.fromEntries(Object.entries(billing).filter(([, value]) => value !== '')) as DocumentBilling;
}
