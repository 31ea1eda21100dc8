import { DOCUMENT_STEP_FIELDS, documentFieldErrors } from 'shared-domain/forms';
import { normalized, type FormValues } from './model.js';

/** The form's errors by field, by the same rules the server runs. */
export const validateDocument = (values: FormValues, colonial: boolean) =>
  documentFieldErrors(normalized(values), colonial);

export type StepNumber = 1 | 2 | 3 | 4;

export const fieldsOfStep = (step: StepNumber): readonly string[] =>
  step === 4 ? [] : DOCUMENT_STEP_FIELDS[step];

/** The first of steps `from`..`to` - 1 with an error, or null. */
export function firstStepWithErrors(errors: object, from: StepNumber, to: StepNumber): StepNumber | null {
  for (let step = from; step < to; step++) {
    if (fieldsOfStep(step as StepNumber).some((name) => name in errors)) return step as StepNumber;
  }
  return null;
}
