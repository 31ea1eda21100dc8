import { InputGroup } from 'shared-ui/bootstrap';
import { FieldFrame, useFieldFrame, type FieldProps } from 'shared-ui/forms';

export interface AmountFieldProps extends FieldProps {
  /** '$' before the value (dollars and cents) or '%' after it (a whole number). */
  unit: '$' | '%';
}

/** Digits, and for dollars one point with at most two decimals: what an amount may look like as it is typed. */
const TYPING = { $: /^\d*(\.\d{0,2})?$/, '%': /^\d*$/ } as const;

/**
 * A labelled amount: dollars and cents, or a whole percentage, with its unit beside it. Characters an
 * amount cannot hold are refused as they are typed; the formik value is the text ('' when empty), read
 * as a number when the form is sent. (shared-ui's NumericField takes whole numbers only.)
 */
export function AmountField({ name, unit, readOnly, disabled, ...frame }: AmountFieldProps) {
  const { field, helpers, id, invalid, error } = useFieldFrame<string>(name);
  const unitText = <InputGroup.Text aria-hidden="true">{unit}</InputGroup.Text>;
  return (
    <FieldFrame id={id} error={error} {...frame}>
      {(describedBy) => (
        <InputGroup hasValidation>
          {unit === '$' && unitText}
          {/* A plain input tied to the label by the frame's id. */}
          <input
            id={id}
            className={`form-control${invalid ? ' is-invalid' : ''}`}
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) => {
              const text = event.target.value.replace(/[\s,$%]/g, '');
              if (TYPING[unit].test(text)) void helpers.setValue(text);
            }}
            onBlur={field.onBlur}
            inputMode={unit === '$' ? 'decimal' : 'numeric'}
            autoComplete="off"
            required={frame.required}
            readOnly={readOnly}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
          {unit === '%' && unitText}
        </InputGroup>
      )}
    </FieldFrame>
  );
}
