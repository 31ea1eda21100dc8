import { useId, type ReactNode } from 'react';
import { Form } from '../bootstrap.js';
import { useField, type FieldValidator } from 'formik';

export interface FieldProps {
  /** The formik field name (the payload's name). */
  name: string;
  /** The visible label; it is also the control's accessible name. */
  label: string;
  /** Marks the field with a red asterisk (the specs: required fields carry one) and `required`. */
  required?: boolean;
  /** Help under the field; announced with the control. */
  help?: ReactNode;
  readOnly?: boolean;
  disabled?: boolean;
}

/** What a control of the kit gets from its frame: formik's state and the ids that tie the parts together. */
export function useFieldFrame<Value>(name: string, validate?: FieldValidator) {
  const [field, meta, helpers] = useField<Value>({ name, validate });
  const id = useId();
  const invalid = meta.touched && meta.error !== undefined;
  /** The error to show: only once the field was touched. */
  const error = invalid ? meta.error : undefined;
  return { field, meta, helpers, id, invalid, error };
}

interface FieldFrameProps extends Pick<FieldProps, 'label' | 'required' | 'help'> {
  id: string;
  error: string | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}

/**
 * The label (with the red asterisk when required), the control, the help and the error under it: every
 * field of every form has this shape. The error shows once the field was touched.
 */
export function FieldFrame({ id, label, required, help, error, children }: FieldFrameProps) {
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error !== undefined ? `${id}-error` : undefined;
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
      {children(describedBy)}
      {help && (
        <Form.Text id={helpId} className="d-block">
          {help}
        </Form.Text>
      )}
      {error !== undefined && (
        // d-block: bootstrap shows feedback only after an .is-invalid sibling, which masked inputs are not.
        <Form.Control.Feedback type="invalid" id={errorId} className="d-block">
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
