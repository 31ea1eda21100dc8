import {
  DOCUMENT_STEP_FIELDS,
  documentFieldErrors,
  planYearProblems,
  type PlanYear,
  type PlanYearDateField,
} from 'shared-domain/forms';
import { normalized, type FormValues } from './model.js';

/** The plan-year rule as the form runs it: the product's day, and the plan year a renewal was offered. */
export interface PlanYearCheck {
  today: string;
  renewal: PlanYear | null;
}

/** A refusal of the server shown under its field while the field holds the value it was about. */
export type ServerErrors = Partial<Record<PlanYearDateField, { message: string; value: unknown }>>;

export interface ValidateOptions {
  colonial: boolean;
  /** The document renews another (it keeps the plan's original effective date). */
  renewal: boolean;
  /** Null: the form does not run the plan-year rule (see `planYearRuleOf`). */
  planYear: PlanYearCheck | null;
  /** The server's plan-year refusals (the only ones the form shows under a field). */
  serverErrors?: ServerErrors;
  /** Compliance: a reason (`retroactiveReason`) overrides the plan-year rule, and the server records it. */
  overridable: boolean;
}

/** Compliance's reason for a plan year or amendment that starts before today, trimmed ('' for none). */
export const retroactiveReasonOf = (values: FormValues): string =>
  typeof values.retroactiveReason === 'string' ? values.retroactiveReason.trim() : '';

/** What the plan-year rule finds in the values (none when it does not run). */
export const planYearProblemsOf = (values: FormValues, check: PlanYearCheck | null) =>
  check === null ? [] : planYearProblems(normalized(values), check.today, check.renewal);

/**
 * The form's errors by field, by the same rules the server runs: the document's rules, then the
 * plan-year rule and what the server refused of the plan-year dates that the user has not changed
 * (neither once compliance gives its reason).
 */
export async function validateDocument(values: FormValues, options: ValidateOptions) {
  const errors = await documentFieldErrors(normalized(values), options.colonial, options.renewal);
  if (options.overridable && retroactiveReasonOf(values) !== '') return errors;
  for (const problem of planYearProblemsOf(values, options.planYear))
    errors[problem.field] ??= problem.message;
  for (const [field, refused] of Object.entries(options.serverErrors ?? {})) {
    if (refused && values[field] === refused.value) errors[field] ??= refused.message;
  }
  return errors;
}

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
