/**
 * The NDT wizard's answers (2-documents §3 "NDT input", field names as the specs give them), typed by the
 * branch taken (§4): 3 yes → 4; 3 no → 3a, 3b, 4; 1–4 all yes → submitted at once (safe harbor);
 * otherwise 5 yes → 6; 5 no → 5a, 6; then 7.
 */

/** Step 3b: the four head counts (whole numbers, 0 or greater, eligible ≤ total). */
export interface NdtHeadCounts {
  eligibleNonHces: number;
  totalNonHces: number;
  eligibleHces: number;
  totalHces: number;
}

/** Step 5a: pay and participants by group (0 or greater; participants are whole numbers). */
export interface NdtUtilizationFigures {
  grossCompensationHces: number;
  grossCompensationNonHces: number;
  participatingHces: number;
  participatingNonHces: number;
}

/** Step 7: the costs of test D (0 or greater, the key employees' share within the total). */
export interface NdtBenefitCosts {
  totalCostOfBenefits: number;
  totalCostKeyEmployees: number;
}

/** Step 3 yes skips 3a and 3b; step 3 no asks both. */
export type NdtStep3 = { ndtAnswer3: true } | ({ ndtAnswer3: false; ndtAnswer3a: boolean } & NdtHeadCounts);

/** Step 5 yes skips 5a; step 5 no asks it. */
export type NdtStep5 = { ndtAnswer5: true } | ({ ndtAnswer5: false } & NdtUtilizationFigures);

interface NdtCommon {
  /** Who took the test, as the form sends it. */
  name?: string;
  ndtAnswer1: boolean;
  ndtAnswer2: boolean;
  ndtAnswer4: boolean;
}

/** Steps 1–4 all yes: the wizard submits at once, steps 5–7 are never asked. */
export interface NdtSafeHarborAnswers {
  name?: string;
  ndtAnswer1: true;
  ndtAnswer2: true;
  ndtAnswer3: true;
  ndtAnswer4: true;
}

/** Any other path: every step to 7, with the sub-steps of the branches taken. */
export type NdtFullAnswers = NdtCommon & NdtStep3 & NdtStep5 & { ndtAnswer6: boolean } & NdtBenefitCosts;

export type NdtInput = NdtSafeHarborAnswers | NdtFullAnswers;

export type NdtStep = '1' | '2' | '3' | '3a' | '3b' | '4' | '5' | '5a' | '6' | '7';

/** One row of the results table: the sub-answer, the figures it used and one sentence of why. */
export interface NdtStepResult {
  step: NdtStep;
  question: string;
  /** The yes/no answer; null for the steps that take figures (3b, 5a, 7). */
  answer: boolean | null;
  /** The entered and computed numbers this row used (percentages as 0–100); null when undefined. */
  figures: Record<string, number | null>;
  pass: boolean;
  why: string;
}

export interface NdtResult {
  pass: boolean;
  /** The specs' ndtResult. */
  ndtResult: 'Pass' | 'Fail';
  /** Steps 1–4 all yes: the premium-only safe harbor. */
  safeHarbor: boolean;
  results: NdtStepResult[];
}
