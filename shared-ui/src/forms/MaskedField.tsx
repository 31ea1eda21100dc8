import { IMaskInput } from 'react-imask';
import { MASKS, type MaskName } from 'shared-domain/forms';
import { FieldFrame, useFieldFrame, type FieldProps } from './FieldFrame.js';

export interface MaskedFieldProps extends FieldProps {
  /** One of the specs' masks: phone, zip, taxId, aba, cardNumber. */
  mask: MaskName;
  autoComplete?: string;
}

/** Imask's options for each mask; the masks themselves are shared-domain's, which the server checks. */
function maskOptions(name: MaskName) {
  const definition = MASKS[name];
  if (typeof definition.mask === 'string') return { mask: definition.mask };
  const masks = definition.mask.map((mask) => ({ mask }));
  if (name !== 'cardNumber') return { mask: masks };
  return {
    mask: masks,
    // 15 digits (4-6-5) for American Express, 16 (4-4-4-4) otherwise, decided by the first digits.
    dispatch: (appended: string, dynamic: { value: string; compiledMasks: unknown[] }) => {
      const digits = (dynamic.value + appended).replace(/\D/g, '');
      return dynamic.compiledMasks[MASKS.cardNumber.fifteenDigits.test(digits) ? 0 : 1];
    },
  };
}

/**
 * A labelled input that formats as it is typed: `(555) 123-4567`, `12345-6789`, `12-3456789`, nine
 * routing digits, card numbers in groups. The formik value is the formatted text (what the server
 * checks against the same pattern); a value the mask does not complete gets the mask's message.
 */
export function MaskedField({ name, mask, autoComplete, readOnly, disabled, ...frame }: MaskedFieldProps) {
  const validate = (value: string | undefined) =>
    value && !MASKS[mask].pattern.test(value) ? MASKS[mask].message : undefined;
  const { field, helpers, id, invalid, error } = useFieldFrame<string>(name, validate);
  return (
    <FieldFrame id={id} error={error} {...frame}>
      {(describedBy) => (
        <IMaskInput
          {...(maskOptions(mask) as { mask: string })}
          id={id}
          name={field.name}
          value={field.value ?? ''}
          onAccept={(value: string) => {
            if (value !== (field.value ?? '')) void helpers.setValue(value);
          }}
          onBlur={field.onBlur}
          inputMode="numeric"
          autoComplete={autoComplete}
          required={frame.required}
          readOnly={readOnly}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={invalid ? 'form-control is-invalid' : 'form-control'}
        />
      )}
    </FieldFrame>
  );
}
