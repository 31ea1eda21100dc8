import { useEffect, useLayoutEffect, useRef } from 'react';
import type IMask from 'imask';
import type { InputMask } from 'imask';
import { MASKS, type MaskName } from 'shared-domain/forms';
import { whenIdle } from '../hooks/when-idle.js';
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
 * imask (about 14 KB brotli, half of the form kit): fetched after the first masked field is drawn, not
 * with the kit, so a form is drawn without waiting for it (Lighthouse's order form: its largest paint
 * waited for the kit's chunk). A failed load is forgotten: the field asks again when focused.
 */
let imask: Promise<typeof IMask> | undefined;
export function loadMasks(): Promise<typeof IMask> {
  imask ??= import('imask').then(
    (module) => module.default,
    (error: unknown) => {
      imask = undefined;
      throw error;
    },
  );
  return imask;
}

/**
 * A labelled input that formats as it is typed: `(555) 123-4567`, `12345-6789`, `12-3456789`, nine
 * routing digits, card numbers in groups. The formik value is the formatted text (what the server
 * checks against the same pattern); a value the mask does not complete gets the mask's message.
 * Until imask has arrived (a moment after the form is drawn) the field takes what is typed as it is,
 * and formats it then; without imask (its load failed) the pattern's message still says what is wrong.
 */
export function MaskedField({ name, mask, autoComplete, readOnly, disabled, ...frame }: MaskedFieldProps) {
  const validate = (value: string | undefined) =>
    value && !MASKS[mask].pattern.test(value) ? MASKS[mask].message : undefined;
  const { field, helpers, id, invalid, error } = useFieldFrame<string>(name, validate);
  const value = field.value ?? '';
  const input = useRef<HTMLInputElement>(null);
  const masked = useRef<InputMask | null>(null);
  // What the mask's listener reads: the value and setter of the latest render.
  const latest = useRef({ value, setValue: helpers.setValue });
  latest.current = { value, setValue: helpers.setValue };

  // The mask is asked for once the browser is idle after the form is drawn (not before its first
  // paint: the request would be one more on the way to it), or at once when the field is focused.
  const attach = useRef<() => void>(() => undefined);
  useEffect(() => {
    let current = true;
    let asked = false;
    attach.current = () => {
      if (asked) return;
      asked = true;
      loadMasks().then(
        (createMask) => {
          if (!current || !input.current) return;
          const instance = createMask(input.current, maskOptions(mask) as { mask: string });
          masked.current = instance;
          const accept = () => {
            if (instance.value !== latest.current.value) void latest.current.setValue(instance.value);
          };
          instance.on('accept', accept);
          // What was typed before the mask arrived, in the mask's format.
          accept();
        },
        () => {
          asked = false;
        },
      );
    };
    const idle = whenIdle(() => attach.current());
    return () => {
      current = false;
      idle();
      masked.current?.destroy();
      masked.current = null;
    };
  }, [mask]);

  // A value set from elsewhere (a draft restored, the form reset) is shown, formatted once masked, and
  // the formatted text is the value (imask says nothing when the text it shows does not change). Before
  // paint: a mask arriving meanwhile reads the new text, not the old.
  useLayoutEffect(() => {
    const instance = masked.current;
    if (instance) {
      if (instance.value !== value) instance.value = value;
      if (instance.value !== value) void latest.current.setValue(instance.value);
    } else if (input.current && input.current.value !== value) {
      input.current.value = value;
    }
  }, [value]);

  return (
    <FieldFrame id={id} error={error} {...frame}>
      {(describedBy) => (
        // Uncontrolled: once masked, imask writes the text and React never writes it back over it.
        <input
          ref={input}
          id={id}
          name={field.name}
          defaultValue={value}
          onChange={(event) => {
            if (!masked.current) void helpers.setValue(event.target.value);
          }}
          onFocus={() => attach.current()}
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
