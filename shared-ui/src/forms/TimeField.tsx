import { Form } from '../bootstrap.js';
import { FieldFrame, useFieldFrame, type FieldProps } from './FieldFrame.js';

/** A labelled time of day, HH:MM (24 hours), bound to formik; '' is no time. */
export function TimeField({ name, readOnly, disabled, ...frame }: FieldProps) {
  const { field, id, invalid, error } = useFieldFrame<string>(name);
  return (
    <FieldFrame id={id} error={error} {...frame}>
      {(describedBy) => (
        <Form.Control
          {...field}
          type="time"
          value={field.value ?? ''}
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
