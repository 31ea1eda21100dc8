import type { PAYMENT_TYPES } from 'shared-domain';
import {
  achPaymentFieldErrors,
  blankAchPaymentForm,
  blankCardPaymentForm,
  cardPaymentFieldErrors,
  type AchPaymentForm,
  type CardPaymentForm,
} from 'shared-domain/forms';

export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * The note under the ACH form: what CHECKOUT_MESSAGES.neverStored says of a card (shown with the card
 * form, and before a method is chosen), said of the bank account.
 */
export const ACH_NEVER_STORED =
  'Your account information is sent encrypted and is never stored: only its last four digits appear on your receipt.';

/** One form for both methods: the Payment Type chooses which fields show and which rules run. */
export type PaymentFormValues = CardPaymentForm & AchPaymentForm & { paymentType: PaymentType | '' };

/** None selected at first (§4 "Checkout"); the card and ACH fields with §3's defaults. */
export const blankPaymentForm = (): PaymentFormValues => ({
  ...blankCardPaymentForm(),
  ...blankAchPaymentForm(),
  paymentType: '',
});

/** The chosen method's errors by field (shared-domain's rules); none before a method is chosen. */
export function validatePayment(values: PaymentFormValues): Promise<Record<string, string>> | object {
  if (values.paymentType === 'Credit Card') return cardPaymentFieldErrors(values);
  if (values.paymentType === 'ACH') return achPaymentFieldErrors(values);
  return {};
}
