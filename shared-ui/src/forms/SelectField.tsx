import { useEffect, useMemo } from 'react';
import { Form } from '../bootstrap.js';
import { LEGAL_ENTITY_TYPES, US_STATES } from 'shared-domain/forms';
import { FieldFrame, useFieldFrame, type FieldProps } from './FieldFrame.js';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends FieldProps {
  options: readonly SelectOption[];
  /** The first, empty choice. */
  placeholder?: string;
}

/**
 * A labelled select bound to formik. A value that is not among the options (an excluded state, an
 * option list that changed) is cleared, so the form never holds a choice the user cannot see.
 */
export function SelectField({
  name,
  options,
  placeholder = 'Select...',
  readOnly,
  disabled,
  ...frame
}: SelectFieldProps) {
  const { field, helpers, id, invalid, error } = useFieldFrame<string>(name);
  const value = field.value ?? '';
  const known = options.some((option) => option.value === value);
  useEffect(() => {
    if (value !== '' && !known) void helpers.setValue('');
    // helpers is a new object each render; the clearing depends on the value and the options only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, known]);
  return (
    <FieldFrame id={id} error={error} {...frame}>
      {(describedBy) => (
        <Form.Select
          {...field}
          value={known ? value : ''}
          required={frame.required}
          disabled={disabled || readOnly}
          isInvalid={invalid}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      )}
    </FieldFrame>
  );
}

export interface StateSelectProps extends FieldProps {
  /** Two-letter ids left out (a partner's excluded-states rule); a chosen state that is excluded is cleared. */
  exclude?: readonly string[];
}

/** The 50 states plus DC by name; the value is the two-letter id. */
export function StateSelect({ exclude, ...props }: StateSelectProps) {
  const key = (exclude ?? []).join(',');
  const options = useMemo(
    () =>
      US_STATES.filter((state) => !(exclude ?? []).includes(state.id)).map((state) => ({
        value: state.id,
        label: state.name,
      })),
    // The list changes when the excluded ids do, not when the caller passes a new array of the same ids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return <SelectField {...props} options={options} />;
}

const LEGAL_ENTITY_OPTIONS = LEGAL_ENTITY_TYPES.map((type) => ({ value: type, label: type }));

/** The seven legal entity types of the specs. */
export function LegalEntitySelect(props: FieldProps) {
  return <SelectField {...props} options={LEGAL_ENTITY_OPTIONS} />;
}
