import { useId, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useField } from 'formik';

export interface TextFieldProps {
  /** The formik field name (the payload's name). */
  name: string;
  /** The visible label; it is also the control's accessible name. */
  label: string;
  type?: 'text' | 'email' | 'password';
  /** Marks the field with an asterisk (§5: required fields carry one) and `required`. */
  required?: boolean;
  autoComplete?: string;
  /** Help under the field, e.g. the password policy; announced with the control. */
  help?: ReactNode;
  readOnly?: boolean;
}

/**
 * A labelled input bound to formik: its error shows under it once touched. Required fields carry
 * an asterisk (§5) next to the label.
 */
export function TextField({
  name,
  label,
  type = 'text',
  required,
  autoComplete,
  help,
  readOnly,
}: TextFieldProps) {
  const [field, meta] = useField<string>(name);
  const id = useId();
  const invalid = meta.touched && meta.error !== undefined;
  const helpId = help ? `${id}-help` : undefined;
  const errorId = invalid ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      {/* Outside the label: the accessible name stays exactly the label; `required` says the rest. */}
      {required && (
        <span aria-hidden="true" className="text-danger ms-1">
          *
        </span>
      )}
      <Form.Control
        {...field}
        value={field.value ?? ''}
        type={type}
        required={required}
        readOnly={readOnly}
        autoComplete={autoComplete}
        isInvalid={invalid}
        aria-describedby={describedBy}
      />
      {help && (
        <Form.Text id={helpId} className="d-block">
          {help}
        </Form.Text>
      )}
      {invalid && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {meta.error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
