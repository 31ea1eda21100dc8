import { Form } from '../bootstrap.js';
import { DEFAULT_NUMERIC_MAX } from 'shared-domain/forms';
import { FieldFrame, useFieldFrame, type FieldProps } from './FieldFrame.js';

export interface NumericFieldProps extends FieldProps {
  /** The largest value accepted; a keystroke that would exceed it is refused (default 999999). */
  maxValue?: number;
}

/**
 * A labelled whole-number input: non-digits are dropped as they are typed or pasted, and a change that
 * would go above `maxValue` is refused (the field keeps its value). The formik value is a number, or ''
 * when empty.
 */
export function NumericField({
  name,
  maxValue = DEFAULT_NUMERIC_MAX,
  readOnly,
  disabled,
  ...frame
}: NumericFieldProps) {
  const { field, helpers, id, invalid, error } = useFieldFrame<number | ''>(name);
  return (
    <FieldFrame id={id} error={error} {...frame}>
      {(describedBy) => (
        <Form.Control
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '');
            if (digits === '') void helpers.setValue('');
            else if (Number(digits) <= maxValue) void helpers.setValue(Number(digits));
          }}
          onBlur={field.onBlur}
          inputMode="numeric"
          autoComplete="off"
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
