/**
 * The NDT wizard's answers (2-documents §3 "NDT input", field names as the specs give them), typed by the
 * branch taken (§4): 3 yes → 4; 3 no → 3a, 3b, 4; 1–4 all yes → submitted at once (safe harbor);
 * otherwise 5 yes → 6; 5 no → 5a (with the totals of 3b when step 3 was yes), 6; then 7.
 */

/** Step 3b: the four head counts (whole numbers, 0 or greater, eligible ≤ total). */
export interface NdtHeadCounts {
  eligibleNonHces: number;
  totalNonHces: number;
  eligibleHces: number;
  totalHces: number;
}

/**
 * Step 5a (the note's utilization Decision), per group: the participants (whole, ≤ the group's eligible
 * employees), their total compensation, and the qualified benefits (premiums) they elect (≤ their
 * compensation); all 0 or greater.
 */
export interface NdtUtilizationFigures {
  participatingHces: number;
  participatingNonHces: number;
  grossCompensationHces: number;
  grossCompensationNonHces: number;
  benefitsElectedHces: number;
  benefitsElectedNonHces: number;
}

/** Step 7: the costs of test D (0 or greater, the key employees' share within the total). */
export interface NdtBenefitCosts {
  totalCostOfBenefits: number;
  totalCostKeyEmployees: number;
}

/**
 * Steps 3 and 5 together: step 3 no asks 3a and the head counts of 3b; step 5 no asks 5a, and when step 3
 * was yes also the totals of 3b (eligible = total: the validated value carries eligible* equal to them).
 */
export type NdtSteps3And5 =
  | ({ ndtAnswer3: true } & (
      { ndtAnswer5: true } | ({ ndtAnswer5: false } & NdtUtilizationFigures & NdtHeadCounts)
    ))
  | ({ ndtAnswer3: false; ndtAnswer3a: boolean } & NdtHeadCounts &
      ({ ndtAnswer5: true } | ({ ndtAnswer5: false } & NdtUtilizationFigures)));

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
export type NdtFullAnswers = NdtCommon & NdtSteps3And5 & { ndtAnswer6: boolean } & NdtBenefitCosts;

export type NdtInput = NdtSafeHarborAnswers | NdtFullAnswers;

export type NdtStep = '1' | '2' | '3' | '3a' | '3b' | '4' | '5' | '5a' | '6' | '7';

/** One row of the results table: the sub-answer, the figures it used, one sentence of why, and what it rests on. */
export interface NdtStepResult {
  step: NdtStep;
  question: string;
  /** The yes/no answer; null for the steps that take figures (3b, 5a, 7). */
  answer: boolean | null;
  /**
   * The entered and computed numbers this row used (percentages as 0–100, never rounded onto a limit:
   * figures.ts); null when undefined.
   */
  figures: Record<string, number | null>;
  /** The row's own outcome (a step that only branches, or a safe harbor not met, passes). */
  pass: boolean;
  why: string;
  /** The regulation's section the step rests on (NDT_CITATIONS). */
  citation: string;
  /** False for the steps the verdict did not need (test B: 1, 2, 5, 5a, 6, 7). */
  needed: boolean;
  /** For a needed row that fails: one sentence of what the employer can change; otherwise null. */
  remedy: string | null;
}

export interface NdtResult {
  pass: boolean;
  /** The specs' ndtResult. */
  ndtResult: 'Pass' | 'Fail';
  /**
   * Test B applies (§1.125-7(f)(1)): a premium-only plan (step 4 yes) at test A3's safe harbor (step 3 yes,
   * or 3a yes and the ratio at or above the safe harbor) passes whatever the other steps say.
   */
  safeHarbor: boolean;
  results: NdtStepResult[];
}
