import { Form } from '../bootstrap.js';
import { useField } from 'formik';
import { useFieldFrame, type FieldProps } from './FieldFrame.js';

export interface ChoiceFieldProps<Value extends string | boolean> extends Omit<FieldProps, 'readOnly'> {
  options: ReadonlyArray<{ value: Value; label: string }>;
}

/**
 * A labelled group of radio buttons (a fieldset whose legend is the label), one choice among a few:
 * account type, yes/no answers. The formik value is the chosen option's value, string or boolean.
 */
export function ChoiceField<Value extends string | boolean>({
  name,
  label,
  required,
  disabled,
  help,
  options,
}: ChoiceFieldProps<Value>) {
  const { id, invalid, error } = useFieldFrame<Value>(name);
  const errorId = `${id}-error`;
  const helpId = help ? `${id}-help` : undefined;
  // The question's explanation, then its error: what a screen reader reads after the group's name.
  const describedBy = [helpId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group as="fieldset" className="mb-3" aria-describedby={describedBy}>
      <Form.Label as="legend" className="fs-6">
        {label}
        {required && (
          <span aria-hidden="true" className="text-danger ms-1">
            *
          </span>
        )}
      </Form.Label>
      {options.map((option) => (
        <ChoiceOption
          key={String(option.value)}
          name={name}
          id={`${id}-${String(option.value)}`}
          option={option}
          invalid={invalid}
          errorId={errorId}
          disabled={disabled}
        />
      ))}
      {help && (
        <Form.Text id={helpId} className="d-block">
          {help}
        </Form.Text>
      )}
      {invalid && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </Form.Group>
  );
}

function ChoiceOption<Value extends string | boolean>({
  name,
  id,
  option,
  invalid,
  errorId,
  disabled,
}: {
  name: string;
  id: string;
  option: { value: Value; label: string };
  invalid: boolean;
  errorId: string;
  disabled?: boolean;
}) {
  const [field, , helpers] = useField<Value>(name);
  return (
    <Form.Check
      type="radio"
      inline
      id={id}
      name={name}
      value={String(option.value)}
      label={option.label}
      checked={field.value === option.value}
      onChange={() => void helpers.setValue(option.value)}
      onBlur={field.onBlur}
      isInvalid={invalid}
      aria-invalid={invalid || undefined}
      // Each radio of an invalid group names the error itself: focus lands on a radio, not the group.
      aria-describedby={invalid ? errorId : undefined}
      disabled={disabled}
    />
  );
}

const YES_NO = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const;

/** A yes/no question: the value is true, false, or null until answered. */
export function YesNoField(props: Omit<ChoiceFieldProps<boolean>, 'options'>) {
  return <ChoiceField<boolean> {...props} options={YES_NO} />;
}
