import { Form } from '../bootstrap.js';
import { FieldFrame, useFieldFrame, type FieldProps } from './FieldFrame.js';

/** A labelled multi-line text input bound to formik (a message, a definition). */
export function TextAreaField({
  name,
  rows = 3,
  maxLength,
  readOnly,
  disabled,
  ...frame
}: FieldProps & { rows?: number; maxLength?: number }) {
  const { field, id, invalid, error } = useFieldFrame<string>(name);
  return (
    <FieldFrame id={id} error={error} {...frame}>
      {(describedBy) => (
        <Form.Control
          {...field}
          as="textarea"
          value={field.value ?? ''}
          rows={rows}
          maxLength={maxLength}
          required={frame.required}
          readOnly={readOnly}
          disabled={disabled}
          isInvalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
