import { Fragment, useId } from 'react';
import { PAYMENT_TYPES } from 'shared-domain';
import { useField, useFormikContext } from 'shared-ui/forms';
import type { PaymentFormValues, PaymentType } from '../payment-form.js';

/**
 * Payment Type (§2 "Checkout": Credit Card or ACH) as a segmented control: native radio buttons drawn
 * as a button group (Bootstrap's `btn-check`), so the arrow keys move between them and Tab leaves the
 * group, as in any radio group. Choosing a method forgets which fields were touched: the other
 * method's fields start clean, never red from an earlier Process Payment.
 */
export function PaymentTypeField() {
  const [field, , helpers] = useField<PaymentType>('paymentType');
  const { setTouched } = useFormikContext<PaymentFormValues>();
  const id = useId();

  function choose(type: PaymentType) {
    if (type === field.value) return;
    void setTouched({}, false);
    void helpers.setValue(type);
  }

  return (
    <div className="mb-3">
      <div id={`${id}-label`} className="form-label">
        Payment Type
      </div>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="btn-group">
        {PAYMENT_TYPES.map((type) => (
          <Fragment key={type}>
            <input
              type="radio"
              className="btn-check"
              name={field.name}
              id={`${id}-${type}`}
              value={type}
              checked={field.value === type}
              onChange={() => choose(type)}
              autoComplete="off"
            />
            <label className="btn btn-outline-primary" htmlFor={`${id}-${type}`}>
              {type}
            </label>
          </Fragment>
        ))}
      </div>
    </div>
  );
}
