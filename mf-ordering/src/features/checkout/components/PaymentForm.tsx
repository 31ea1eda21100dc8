import { useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { CHECKOUT_MESSAGES, MESSAGES, PAYMENT_TYPES } from 'shared-domain';
import { achPaymentBody, cardPaymentBody } from 'shared-domain/forms';
import { ApiError, notifyError, paths, type PaymentAnswer, type SessionUser } from 'shared-ui';
import { Form, Formik, SelectField, type FormikHelpers } from 'shared-ui/forms';
import { purchaseByAch } from '../api/purchase-by-ach.js';
import { purchaseByCard } from '../api/purchase-by-card.js';
import {
  ACH_NEVER_STORED,
  blankPaymentForm,
  validatePayment,
  type PaymentFormValues,
} from '../payment-form.js';
import { AchFields } from './AchFields.js';
import { CardFields } from './CardFields.js';

const PAYMENT_TYPE_OPTIONS = PAYMENT_TYPES.map((type) => ({ value: type, label: type }));

interface PaymentFormProps {
  user: SessionUser;
  /**
   * The cart's total as the page shows it (dollars), sent as `expectedTotal`: when the cart's total
   * differs, the server charges nothing and answers 409.
   */
  total: number;
  /** A payment that went through (success: true, with its order), and how it was paid. */
  onPaid(answer: PaymentAnswer, method: 'card' | 'ach'): void;
  /** The server refused the payment because the cart changed (409): the page reads it again. */
  onCartChanged(): void;
}

/**
 * Payment Type, then the Card or ACH form, then Process Payment (§4 "Checkout"). No method chosen:
 * the toast and nothing sent. While the request runs the button is disabled and a modal asks the user
 * to wait. A decline (success: false) is told in a toast and in a red alert on the page, and nothing
 * else changes; the server's refusals (400, 409) are told by the api client. After a 409 (the cart's
 * total is no longer the one shown) the cart is read again, so the page shows the new total and the
 * form keeps what was typed.
 */
export function PaymentForm({ user, total, onPaid, onCartChanged }: PaymentFormProps) {
  /** The processor's sentence of the last decline. */
  const [declined, setDeclined] = useState<string | null>(null);

  async function submit(values: PaymentFormValues, helpers: FormikHelpers<PaymentFormValues>) {
    if (values.paymentType === '') {
      notifyError(MESSAGES.noPaymentMethod);
      return;
    }
    setDeclined(null);
    let answer: PaymentAnswer;
    try {
      answer =
        values.paymentType === 'Credit Card'
          ? await purchaseByCard(user.userId, { ...cardPaymentBody(values), expectedTotal: total })
          : await purchaseByAch(user.userId, { ...achPaymentBody(values), expectedTotal: total });
    } catch (error) {
      // Told already (the api client's toast).
      if (error instanceof ApiError && error.status === 409) onCartChanged();
      return;
    }
    if (!answer.success) {
      notifyError(answer.displayText);
      setDeclined(answer.displayText);
      return;
    }
    // The method is cleared (§4): nothing of the card or the account stays in the page.
    helpers.resetForm();
    onPaid(answer, values.paymentType === 'Credit Card' ? 'card' : 'ach');
  }

  return (
    <Formik<PaymentFormValues>
      initialValues={blankPaymentForm()}
      validate={validatePayment}
      onSubmit={submit}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="Payment Information">
          {declined !== null && (
            <Alert variant="danger" role="alert">
              <Alert.Heading as="h3" className="h6">
                {CHECKOUT_MESSAGES.paymentFailed}
              </Alert.Heading>
              <p className="mb-0">{declined}</p>
            </Alert>
          )}
          <SelectField name="paymentType" label="Payment Type" options={PAYMENT_TYPE_OPTIONS} required />
          {values.paymentType === 'Credit Card' && <CardFields />}
          {values.paymentType === 'ACH' && <AchFields />}
          <ul className="small text-body-secondary ps-3">
            <li>{CHECKOUT_MESSAGES.pressOnce}</li>
            <li>{values.paymentType === 'ACH' ? ACH_NEVER_STORED : CHECKOUT_MESSAGES.neverStored}</li>
          </ul>
          <div className="d-flex gap-2">
            <Link className="btn btn-outline-secondary" to={paths.basket()}>
              Back to basket
            </Link>
            <Button type="submit" variant="primary" disabled={isSubmitting}>
              Process Payment
            </Button>
          </div>
          <Modal
            show={isSubmitting}
            backdrop="static"
            keyboard={false}
            centered
            aria-labelledby="processing-title"
          >
            <Modal.Body className="d-flex align-items-center gap-3">
              <Spinner animation="border" role="presentation" />
              <span id="processing-title">{CHECKOUT_MESSAGES.processing}</span>
            </Modal.Body>
          </Modal>
        </Form>
      )}
    </Formik>
  );
}
