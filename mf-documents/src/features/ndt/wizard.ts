import type { NdtStep } from 'shared-domain';
import type { ApiBody } from 'shared-ui';

/**
 * The NDT wizard's flow (specs/2-documents.md §4 "NDT wizard", §5): which step follows which, when a
 * step is answered, and what is sent. Pure, so every branch is tested without a screen.
 */

/** What the body of `POST epop-document/{documentId}/non-discrimination` may carry. */
export type NdtPayload = ApiBody<'/epop-document/{documentId}/non-discrimination', 'post'>;

/** A yes/no answer: null until answered. */
type Answer = boolean | null;
/** A figure as NumericField keeps it: a whole number, or '' while empty. */
type Figure = number | '';

/** Every value of the wizard, all branches included (only the branch taken is sent). */
export interface NdtAnswers {
  name: string;
  ndtAnswer1: Answer;
  ndtAnswer2: Answer;
  ndtAnswer3: Answer;
  ndtAnswer3a: Answer;
  eligibleNonHces: Figure;
  totalNonHces: Figure;
  eligibleHces: Figure;
  totalHces: Figure;
  ndtAnswer4: Answer;
  ndtAnswer5: Answer;
  /** Step 5a, per group: the participants, their total pay, and the benefits they elect per year. */
  participatingHces: Figure;
  grossCompensationHces: Figure;
  benefitsElectedHces: Figure;
  participatingNonHces: Figure;
  grossCompensationNonHces: Figure;
  benefitsElectedNonHces: Figure;
  ndtAnswer6: Answer;
  totalCostOfBenefits: Figure;
  totalCostKeyEmployees: Figure;
}

/** A new test: nothing answered ("a new test resets all values"). */
export const EMPTY_ANSWERS: Readonly<NdtAnswers> = {
  name: '',
  ndtAnswer1: null,
  ndtAnswer2: null,
  ndtAnswer3: null,
  ndtAnswer3a: null,
  eligibleNonHces: '',
  totalNonHces: '',
  eligibleHces: '',
  totalHces: '',
  ndtAnswer4: null,
  ndtAnswer5: null,
  participatingHces: '',
  grossCompensationHces: '',
  benefitsElectedHces: '',
  participatingNonHces: '',
  grossCompensationNonHces: '',
  benefitsElectedNonHces: '',
  ndtAnswer6: null,
  totalCostOfBenefits: '',
  totalCostKeyEmployees: '',
};

export type FigureName = {
  [K in keyof NdtAnswers]: NdtAnswers[K] extends Figure ? K : never;
}[keyof NdtAnswers];
type AnswerName = { [K in keyof NdtAnswers]: NdtAnswers[K] extends Answer ? K : never }[keyof NdtAnswers];

/** The yes/no question of each yes/no step. */
export const ANSWER_OF: Readonly<Partial<Record<NdtStep, AnswerName>>> = {
  '1': 'ndtAnswer1',
  '2': 'ndtAnswer2',
  '3': 'ndtAnswer3',
  '3a': 'ndtAnswer3a',
  '4': 'ndtAnswer4',
  '5': 'ndtAnswer5',
  '6': 'ndtAnswer6',
};

/** Step 3b's four head counts. */
const HEAD_COUNTS: readonly FigureName[] = ['totalNonHces', 'eligibleNonHces', 'totalHces', 'eligibleHces'];

/** Step 5a's figures of each group: the participants, their total pay, the benefits they elect. */
export const UTILIZATION_FIGURES: Readonly<Record<'hces' | 'nonHces', readonly FigureName[]>> = {
  hces: ['participatingHces', 'grossCompensationHces', 'benefitsElectedHces'],
  nonHces: ['participatingNonHces', 'grossCompensationNonHces', 'benefitsElectedNonHces'],
};

/**
 * Whether step 5a asks the head counts itself: after step 3 yes, 3b was skipped and every employee is
 * eligible, so 5a asks the two totals, which stand for the eligible counts too (the domain note: "the
 * counts of 3b are asked whenever step 5a needs them"). After step 3 no, 3b has them already.
 */
export const countsAskedAt5a = (answers: NdtAnswers) => answers.ndtAnswer3 === true;

/** The figures a figures step asks for these answers (3b: four counts; 5a: six, or eight; 7: two). */
export function figuresOf(step: NdtStep, answers: NdtAnswers): readonly FigureName[] {
  switch (step) {
    case '3b':
      return HEAD_COUNTS;
    case '5a':
      return [
        ...(countsAskedAt5a(answers) ? (['totalNonHces', 'totalHces'] as const) : []),
        ...UTILIZATION_FIGURES.hces,
        ...UTILIZATION_FIGURES.nonHces,
      ];
    case '7':
      return ['totalCostOfBenefits', 'totalCostKeyEmployees'];
    default:
      return [];
  }
}

/** Each step's Next appears only once its question is answered (zero is an answer). */
export function isAnswered(step: NdtStep, answers: NdtAnswers): boolean {
  const answer = ANSWER_OF[step];
  if (answer) return answers[answer] !== null;
  return figuresOf(step, answers).every((figure) => typeof answers[figure] === 'number');
}

/** Each step's pairs [part, whole]: a part may not be more than its whole (as the server checks). */
function partsOf(step: NdtStep, answers: NdtAnswers): [FigureName, FigureName][] {
  switch (step) {
    case '3b':
      return [
        ['eligibleNonHces', 'totalNonHces'],
        ['eligibleHces', 'totalHces'],
      ];
    case '5a': {
      // After step 3 yes every employee is eligible: the totals are the eligible counts.
      const all = countsAskedAt5a(answers);
      return [
        ['participatingHces', all ? 'totalHces' : 'eligibleHces'],
        ['benefitsElectedHces', 'grossCompensationHces'],
        ['participatingNonHces', all ? 'totalNonHces' : 'eligibleNonHces'],
        ['benefitsElectedNonHces', 'grossCompensationNonHces'],
      ];
    }
    case '7':
      return [['totalCostKeyEmployees', 'totalCostOfBenefits']];
    default:
      return [];
  }
}

/**
 * The step's figures that are more than the figure they are part of (eligible within total,
 * participants within eligible, benefits within pay, the key employees' cost within the total), each
 * with that figure: checked at Next, so a slip is corrected on its own step rather than refused at
 * Submit. The server checks the same and stays the authority.
 */
export function tooLarge(step: NdtStep, answers: NdtAnswers): Partial<Record<FigureName, FigureName>> {
  const found: Partial<Record<FigureName, FigureName>> = {};
  for (const [part, whole] of partsOf(step, answers)) {
    const [value, limit] = [answers[part], answers[whole]];
    if (typeof value === 'number' && typeof limit === 'number' && value > limit) found[part] = whole;
  }
  return found;
}

/** At 5a, each group's amounts with its participants: an amount for a group nobody is in must be 0. */
const AMOUNTS_OF_PARTICIPANTS: ReadonlyArray<readonly [FigureName, FigureName]> = [
  ['grossCompensationHces', 'participatingHces'],
  ['benefitsElectedHces', 'participatingHces'],
  ['grossCompensationNonHces', 'participatingNonHces'],
  ['benefitsElectedNonHces', 'participatingNonHces'],
];

/** The amounts of step 5a given for a group with no participants (the server refuses them too). */
export function amountsWithoutParticipants(step: NdtStep, answers: NdtAnswers): FigureName[] {
  if (step !== '5a') return [];
  return AMOUNTS_OF_PARTICIPANTS.filter(
    ([amount, heads]) => answers[heads] === 0 && typeof answers[amount] === 'number' && answers[amount] > 0,
  ).map(([amount]) => amount);
}

/** Steps 1–4 all yes: the premium-only safe harbor, submitted at once after step 4. */
export const isSafeHarbor = (answers: NdtAnswers) =>
  answers.ndtAnswer1 === true &&
  answers.ndtAnswer2 === true &&
  answers.ndtAnswer3 === true &&
  answers.ndtAnswer4 === true;

/**
 * The step after `step` for these answers, or 'submit' when the test is complete: 3 yes → 4, no →
 * 3a, 3b, 4; after 4, the safe harbor submits at once, otherwise 5; 5 yes → 6, no → 5a, 6; 6 → 7;
 * 7 submits.
 */
export function nextStep(step: NdtStep, answers: NdtAnswers): NdtStep | 'submit' {
  switch (step) {
    case '1':
      return '2';
    case '2':
      return '3';
    case '3':
      return answers.ndtAnswer3 ? '4' : '3a';
    case '3a':
      return '3b';
    case '3b':
      return '4';
    case '4':
      return isSafeHarbor(answers) ? 'submit' : '5';
    case '5':
      return answers.ndtAnswer5 ? '6' : '5a';
    case '5a':
      return '6';
    case '6':
      return '7';
    case '7':
      return 'submit';
  }
}

/** The step Back returns to (the one that led here), or 'instructions' from step 1. */
export function previousStep(step: NdtStep, answers: NdtAnswers): NdtStep | 'instructions' {
  switch (step) {
    case '1':
      return 'instructions';
    case '2':
      return '1';
    case '3':
      return '2';
    case '3a':
      return '3';
    case '3b':
      return '3a';
    case '4':
      return answers.ndtAnswer3 ? '3' : '3b';
    case '5':
      return '4';
    case '5a':
      return '5';
    case '6':
      return answers.ndtAnswer5 ? '5' : '5a';
    case '7':
      return '6';
  }
}

/** The steps of the branch these answers take, in order (the path from step 1 to the submit). */
export function stepsTaken(answers: NdtAnswers): NdtStep[] {
  const taken: NdtStep[] = [];
  let step: NdtStep | 'submit' = '1';
  while (step !== 'submit') {
    taken.push(step);
    step = nextStep(step, answers);
  }
  return taken;
}

/**
 * The body to send: only the fields of the steps of the branch taken (a value left on a branch the
 * user went back from is not sent), and the name only when one was typed. After step 3 yes, step 5a's
 * head counts go as totalNonHces and totalHces only: every employee is eligible, and the server takes
 * the eligible counts to be the totals.
 */
export function payloadOf(answers: NdtAnswers): NdtPayload {
  const payload: Record<string, unknown> = {};
  const name = answers.name.trim();
  if (name) payload.name = name;
  for (const step of stepsTaken(answers)) {
    const answer = ANSWER_OF[step];
    if (answer) payload[answer] = answers[answer];
    for (const figure of figuresOf(step, answers)) payload[figure] = answers[figure];
  }
  // Built field by field from the branch: the generated body type lists each field as optional.
  return payload as NdtPayload;
}

/** Each step's short name: the progress stepper's, and the one under the step's heading. */
export const STEP_NAMES: Readonly<Record<NdtStep, string>> = {
  '1': 'Entry within 3 years',
  '2': 'Same choices for all',
  '3': 'Who is eligible',
  '3a': 'Objective criteria',
  '3b': 'Head counts',
  '4': 'Premium-only plan',
  '5': 'Benefits elected',
  '5a': 'Participation figures',
  '6': 'Health contributions',
  '7': 'Key employees’ benefits',
};

/** The stepper's steps: 1 to 7, the sub-steps 3a, 3b and 5a counted within their step. */
export const MAIN_STEPS = ['1', '2', '3', '4', '5', '6', '7'] as const;
export type MainStep = (typeof MAIN_STEPS)[number];
export const mainStepOf = (step: NdtStep) => step.charAt(0) as MainStep;

export type ProgressState = 'completed' | 'current' | 'upcoming' | 'not needed';

export interface NdtProgress {
  /** Every main step, with its state; the current one names the sub-step on screen (3a, 3b, 5a). */
  items: { step: MainStep; name: string; state: ProgressState; subStep?: NdtStep }[];
  /** 'Step {position} of {total}'. */
  position: number;
  /** 7, or 4 when the answers so far take the premium-only safe harbor (submitted after step 4). */
  total: number;
}

/**
 * Where the wizard is, for the stepper. The branch may still change (a step answered later decides
 * it), so the stepper counts the main steps, whose order never changes: a sub-step is shown within
 * its step rather than changing the count at every answer.
 */
export function progressOf(step: NdtStep, answers: NdtAnswers): NdtProgress {
  const position = Number(mainStepOf(step));
  const safeHarbor = isSafeHarbor(answers);
  const items = MAIN_STEPS.map((main) => {
    const number = Number(main);
    const state: ProgressState =
      number < position
        ? 'completed'
        : number === position
          ? 'current'
          : safeHarbor && number > 4
            ? 'not needed'
            : 'upcoming';
    return {
      step: main,
      name: STEP_NAMES[main],
      state,
      ...(state === 'current' && step !== main ? { subStep: step } : {}),
    };
  });
  return { items, position, total: safeHarbor ? 4 : MAIN_STEPS.length };
}

/**
 * The answers a stored test was given (its `input`, as the server kept it), to change them: each field
 * of the wizard taken when it has the wizard's type, every other one empty.
 */
export function answersOf(input: Readonly<Record<string, unknown>>): NdtAnswers {
  const answers: Record<string, unknown> = { ...EMPTY_ANSWERS };
  for (const [field, empty] of Object.entries(EMPTY_ANSWERS)) {
    const given = input[field];
    const fits =
      field === 'name'
        ? typeof given === 'string'
        : empty === null
          ? typeof given === 'boolean'
          : typeof given === 'number' && Number.isFinite(given) && given >= 0;
    if (fits) answers[field] = given;
  }
  return answers as unknown as NdtAnswers;
}

/** The step to change a failed row's answers at: that step when these answers take it, else step 1. */
export function stepToChange(failedStep: string, answers: NdtAnswers): NdtStep {
  return stepsTaken(answers).find((step) => step === failedStep) ?? '1';
}
