import { Form } from '../bootstrap.js';
import { FieldFrame, useFieldFrame, type FieldProps } from './FieldFrame.js';

export interface TextFieldProps extends FieldProps {
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  maxLength?: number;
}

/** A labelled text input bound to formik. */
export function TextField({
  name,
  type = 'text',
  autoComplete,
  maxLength,
  readOnly,
  disabled,
  ...frame
}: TextFieldProps) {
  const { field, id, invalid, error } = useFieldFrame<string>(name);
  return (
    <FieldFrame id={id} error={error} {...frame}>
      {(describedBy) => (
        <Form.Control
          {...field}
          value={field.value ?? ''}
          type={type}
          required={frame.required}
          readOnly={readOnly}
          disabled={disabled}
          autoComplete={autoComplete}
          maxLength={maxLength}
          isInvalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        />
      )}
    </FieldFrame>
  );
}
