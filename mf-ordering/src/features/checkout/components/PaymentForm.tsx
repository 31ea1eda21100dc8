import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Button, Modal, Spinner } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { CHECKOUT_MESSAGES } from 'shared-domain';
import { achPaymentBody, cardPaymentBody } from 'shared-domain/forms';
import { ApiError, notifyError, paths, type PaymentAnswer, type SessionUser } from 'shared-ui';
import { Form, Formik, useFormikContext, type FormikHelpers } from 'shared-ui/forms';
import { useCartDocument } from '../api/get-cart-document.js';
import { purchaseByAch } from '../api/purchase-by-ach.js';
import { purchaseByCard } from '../api/purchase-by-card.js';
import {
  ACH_NEVER_STORED,
  billingFromDocument,
  blankPaymentForm,
  validatePayment,
  type PaymentFormValues,
} from '../payment-form.js';
import { AchFields } from './AchFields.js';
import { CardFields } from './CardFields.js';
import { PaymentTypeField } from './PaymentTypeField.js';

/**
 * Fills the card form's company and address from the document in the cart once its answers arrive:
 * only fields still empty and untouched, so nothing the user typed meanwhile is overwritten.
 */
function PrefillFromDocument({ cartItemId }: { cartItemId: string | undefined }) {
  const { data } = useCartDocument(cartItemId);
  const { values, touched, setFieldValue } = useFormikContext<PaymentFormValues>();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !data) return;
    done.current = true;
    // The documents' addresses are US ones.
    if (values.country !== 'US') return;
    for (const [name, value] of Object.entries(billingFromDocument(data.form))) {
      const key = name as keyof PaymentFormValues;
      if (values[key] === '' && !touched[key]) void setFieldValue(key, value, false);
    }
  }, [data, values, touched, setFieldValue]);
  return null;
}

/**
 * After a Process Payment that the form's own rules stopped, the first field in error takes the focus,
 * so a keyboard or screen reader user lands on what to fix (its error is read with it).
 */
function FocusFirstError({ form }: { form: RefObject<HTMLFormElement | null> }) {
  const { submitCount, isSubmitting, isValid } = useFormikContext<PaymentFormValues>();
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === handled.current) return;
    handled.current = submitCount;
    if (!isValid) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValid, form]);
  return null;
}

interface PaymentFormProps {
  user: SessionUser;
  /** The first item in the cart: its document's answers prefill the billing company and address. */
  cartItemId?: string | undefined;
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
 * Payment Type (Card at first), the Card or ACH form, then Process Payment (§4 "Checkout"). A field's
 * error shows once it was left or the form submitted, under the field and tied to it. While the
 * request runs the button is disabled and a modal asks the user to wait. A decline (success: false)
 * is told in a toast and in a red alert on the page, and nothing else changes; the server's refusals
 * (400, 409) are told by the api client. After a 409 (the cart's total is no longer the one shown)
 * the cart is read again, so the page shows the new total and the form keeps what was typed.
 */
export function PaymentForm({ user, cartItemId, total, onPaid, onCartChanged }: PaymentFormProps) {
  /** The processor's sentence of the last decline. */
  const [declined, setDeclined] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /**
   * The payment request is running: the modal shows for it alone, not while the form checks its
   * fields (a form stopped by its own rules never flashes it, nor loses the focus to it).
   */
  const [processing, setProcessing] = useState(false);

  async function submit(values: PaymentFormValues, helpers: FormikHelpers<PaymentFormValues>) {
    setDeclined(null);
    let answer: PaymentAnswer;
    setProcessing(true);
    try {
      answer =
        values.paymentType === 'Credit Card'
          ? await purchaseByCard(user.userId, { ...cardPaymentBody(values), expectedTotal: total })
          : await purchaseByAch(user.userId, { ...achPaymentBody(values), expectedTotal: total });
    } catch (error) {
      // Told already (the api client's toast).
      if (error instanceof ApiError && error.status === 409) onCartChanged();
      return;
    } finally {
      setProcessing(false);
    }
    if (!answer.success) {
      notifyError(answer.displayText);
      setDeclined(answer.displayText);
      return;
    }
    // The form is reset (§4, the method back to Card): nothing of the card or the account stays in the page.
    helpers.resetForm();
    onPaid(answer, values.paymentType === 'Credit Card' ? 'card' : 'ach');
  }

  return (
    <Formik<PaymentFormValues>
      initialValues={blankPaymentForm(user)}
      validate={validatePayment}
      onSubmit={submit}
    >
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="Payment Information" ref={formRef}>
          <PrefillFromDocument cartItemId={cartItemId} />
          <FocusFirstError form={formRef} />
          {declined !== null && (
            <Alert variant="danger" role="alert">
              <Alert.Heading as="h2" className="h6">
                {CHECKOUT_MESSAGES.paymentFailed}
              </Alert.Heading>
              <p className="mb-0">{declined}</p>
            </Alert>
          )}
          <PaymentTypeField />
          {values.paymentType === 'Credit Card' ? <CardFields /> : <AchFields />}
          <ul className="small text-body-secondary ps-3">
            <li>{CHECKOUT_MESSAGES.pressOnce}</li>
            <li>{values.paymentType === 'ACH' ? ACH_NEVER_STORED : CHECKOUT_MESSAGES.neverStored}</li>
          </ul>
          <div className="d-flex flex-wrap gap-2">
            <Link className="btn btn-outline-secondary" to={paths.basket()}>
              Back to basket
            </Link>
            <Button type="submit" variant="primary" disabled={isSubmitting}>
              Process Payment
            </Button>
          </div>
          <Modal
            show={processing}
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
