import Form from 'react-bootstrap/Form';
import { useField } from 'formik';
import { ACCOUNT_TYPES } from 'shared-domain';

/** Account type (§5): only Producer/Broker and Employer are offered. */
export function AccountTypeField() {
  const [, meta] = useField<string>('accountType');
  const invalid = meta.touched && meta.error !== undefined;
  return (
    <Form.Group as="fieldset" className="mb-3" aria-describedby={invalid ? 'account-type-error' : undefined}>
      <Form.Label as="legend" className="fs-6">
        Account Type
        <span aria-hidden="true" className="text-danger">
          *
        </span>
      </Form.Label>
      {ACCOUNT_TYPES.map((type) => (
        <AccountTypeOption key={type.value} value={type.value} label={type.label} invalid={invalid} />
      ))}
      {invalid && (
        <div id="account-type-error" className="invalid-feedback d-block">
          {meta.error}
        </div>
      )}
    </Form.Group>
  );
}

function AccountTypeOption({ value, label, invalid }: { value: string; label: string; invalid: boolean }) {
  const [field] = useField({ name: 'accountType', type: 'radio', value });
  return (
    <Form.Check
      {...field}
      type="radio"
      inline
      id={`account-type-${value}`}
      label={label}
      isInvalid={invalid}
    />
  );
}
