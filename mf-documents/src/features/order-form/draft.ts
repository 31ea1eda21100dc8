import { DOCUMENT_STEP_FIELDS } from 'shared-domain/forms';
import type { DraftValues } from './api/document-draft.js';
import type { FormValues } from './model.js';

/** The answers a draft keeps: the form's fields (shared-domain's rules, step by step) and compliance's reason. */
export const DRAFT_FIELDS: readonly string[] = [
  ...DOCUMENT_STEP_FIELDS[1],
  ...DOCUMENT_STEP_FIELDS[2],
  ...DOCUMENT_STEP_FIELDS[3],
  'retroactiveReason',
];

/** cart-api's bounds of one answer (contract/document-draft.ts): longer text is not kept in a draft. */
const MAX_TEXT = 500;
const MAX_COUNT = 999_999_999;

/**
 * The draft of these values: the form's fields as they are held while typed (a half-typed date, an
 * emptied count ''), in one fixed order so two drafts compare as text. A value the API would refuse
 * (text past its length) is left out rather than losing the whole draft.
 */
export function draftValuesOf(values: FormValues): DraftValues {
  const draft: Record<string, string | number | boolean | null> = {};
  for (const name of DRAFT_FIELDS) {
    const value = values[name];
    if (value === null || typeof value === 'boolean') draft[name] = value;
    else if (typeof value === 'string' && value.length <= MAX_TEXT) draft[name] = value;
    else if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_COUNT)
      draft[name] = value;
  }
  return draft as DraftValues;
}

/**
 * What a draft keeps: only the answers that differ from the form as loaded (or last saved). Restored
 * over the document as it is then, a draft brings back what the user typed and nothing else: a field
 * someone else changed meanwhile keeps its new value unless the user had changed it too.
 */
export function changedAnswers(values: FormValues, baseline: FormValues): DraftValues {
  const now = draftValuesOf(values) as Record<string, unknown>;
  const before = draftValuesOf(baseline) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(now).filter(([name, value]) => value !== before[name]),
  ) as DraftValues;
}

/** The same answers, whatever else the values hold. */
export const sameAnswers = (a: FormValues, b: FormValues) =>
  JSON.stringify(draftValuesOf(a)) === JSON.stringify(draftValuesOf(b));

/** The loaded form with a draft's answers over it (only the fields a draft keeps). */
export function restoredValues(form: FormValues, draft: DraftValues): FormValues {
  const restored: FormValues = { ...form };
  for (const name of DRAFT_FIELDS) if (name in draft) restored[name] = (draft as FormValues)[name];
  return restored;
}
