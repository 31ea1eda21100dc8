/**
 * How a stored test is told, alike on the results page and in the results PDF: which rows did not
 * count or failed, what the employer can change, and the sentences around the table.
 */

/**
 * A results row as stored: rows stored before issue 22 have no citation, need or remedy (and any step
 * name), and are told as they were.
 */
export interface NdtStoredRow {
  step: string;
  question: string;
  answer: boolean | null;
  figures: Record<string, number | null>;
  pass: boolean;
  why: string;
  citation?: string;
  needed?: boolean;
  remedy?: string | null;
}

/** A row the verdict did not need (the premium-only safe harbor applies): neither Pass nor Fail counts. */
export const isNotNeededRow = (row: Pick<NdtStoredRow, 'needed'>): boolean => row.needed === false;

/** A row that fails and counts. */
export const isFailedRow = (row: Pick<NdtStoredRow, 'needed' | 'pass'>): boolean =>
  !isNotNeededRow(row) && !row.pass;

/** Rows stored before each carried its citation and need: labelled and shown as they were then. */
export const isOldShapeResult = (rows: readonly Pick<NdtStoredRow, 'citation' | 'needed'>[]): boolean =>
  rows.every((row) => row.citation === undefined && row.needed === undefined);

/** What the employer can change after a Fail: each failed row's remedy once, with the steps it answers. */
export function ndtRemedies(
  rows: readonly Pick<NdtStoredRow, 'step' | 'pass' | 'needed' | 'remedy'>[],
): { remedy: string; steps: string[] }[] {
  const remedies = new Map<string, string[]>();
  for (const row of rows.filter(isFailedRow)) {
    if (row.remedy) remedies.set(row.remedy, [...(remedies.get(row.remedy) ?? []), row.step]);
  }
  return [...remedies].map(([remedy, steps]) => ({ remedy, steps }));
}

/** 'Step 7: …', 'Steps 1, 2: …'. */
export const ndtRemedyLine = ({ remedy, steps }: { remedy: string; steps: readonly string[] }): string =>
  `${steps.length > 1 ? 'Steps' : 'Step'} ${steps.join(', ')}: ${remedy}`;

/** The premium-only safe harbor's section (the summary sentence when test B applies). */
export const NDT_SAFE_HARBOR_CITATION = 'Prop. Treas. Reg. §1.125-7(f)';

export const NDT_RESULT_TEXTS = {
  title: 'Non-Discrimination Testing Results',
  notNeeded: 'Not needed',
  /** After Not needed, when the premium-only safe harbor applies. */
  underSafeHarbor: '(premium-only safe harbor)',
  citation: 'Citation:',
  remedy: 'What you can change:',
  nextStep: 'Next step',
  noRemedy: 'Review the failed steps with your tax or legal advisor.',
  retest:
    'Once the plan or its facts have changed, take the test again: a new test starts with every answer blank.',
  retain: 'Please print these results and retain them with your plan documents for the plan year.',
  notLegalAdvice:
    'This testing tool is an aid, not legal advice: it applies the rules of Section 125 to the answers you gave. ' +
    'Review the results, and any doubt about them, with your tax or legal advisor.',
} as const;

/**
 * The sentence of test B (§1.125-7(f)(1)): the plan is deemed to pass; `anyNotNeeded` when rows are
 * marked Not needed.
 */
export const ndtSafeHarborSentence = (anyNotNeeded: boolean): string =>
  `The plan is in the premium-only safe harbor (${NDT_SAFE_HARBOR_CITATION}): its only choice is cash or ` +
  'paying the employees’ share of accident and health premiums before tax, and its eligibility meets the ' +
  'safe harbor, so it is deemed to pass every nondiscrimination test' +
  (anyNotNeeded ? '; the steps marked Not needed did not decide the result.' : '.');
