import { useState } from 'react';
import { Form } from '../bootstrap.js';
import {
  DATE_PLACEHOLDER,
  displayDate,
  fromIsoDate,
  INVALID_DATE_MESSAGE,
  toIsoDate,
} from 'shared-domain/forms';
import { FieldFrame, useFieldFrame, type FieldProps } from './FieldFrame.js';

const validateDate = (value: string | undefined) =>
  value && fromIsoDate(value) === null ? INVALID_DATE_MESSAGE : undefined;

/**
 * A labelled date input: accepts MM/DD/YY, MM/DD/YYYY, YY-MM-DD, YYYY-MM-DD and MMDDYYYY (placeholder
 * mm/dd/yyyy), reads the text when the field is left, and shows the date as MM/DD/YYYY. The formik value
 * is the ISO date (YYYY-MM-DD) the API carries; a text that names no date stays as typed, with the error.
 */
export function DateField({ name, readOnly, disabled, ...frame }: FieldProps) {
  const { field, helpers, id, invalid, error } = useFieldFrame<string>(name, validateDate);
  // What is being typed; null when the field shows its value.
  const [draft, setDraft] = useState<string | null>(null);
  const value = field.value ?? '';
  return (
    <FieldFrame id={id} error={error} {...frame}>
      {(describedBy) => (
        <Form.Control
          name={field.name}
          value={draft ?? displayDate(value)}
          placeholder={DATE_PLACEHOLDER}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={(event) => {
            if (draft === null) return field.onBlur(event);
            const text = draft.trim();
            setDraft(null);
            // Validated with the value just read (field.onBlur would validate the previous one).
            void helpers.setValue(text === '' ? '' : (toIsoDate(text) ?? text), true);
            void helpers.setTouched(true, false);
          }}
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
