import { formatMoney } from '../money.js';
import { compareProducts, roundTo, shown, shownAgainst, shownSideBySide, type Side } from './figures.js';
import type {
  NdtBenefitCosts,
  NdtHeadCounts,
  NdtInput,
  NdtResult,
  NdtStep,
  NdtStepResult,
  NdtUtilizationFigures,
} from './types.js';

/**
 * The law's arithmetic of non-discrimination-testing.md, as one pure function: the server recomputes the
 * wizard's answers with it and stores what it answers; the client never decides Pass.
 */

/** The wizard's questions ("Mapping onto the wizard", the note's wording). */
export const NDT_QUESTIONS: Readonly<Record<NdtStep, string>> = {
  '1': 'Can every employee enter the plan within 3 years of hire, no later than the next plan-year start?',
  '2': 'Are the same choices and the same employer contribution offered on the same terms to all eligible employees?',
  '3': 'Are all employees (other than those the law lets you exclude) eligible?',
  '3a': 'Is the eligible group defined by objective business criteria?',
  '3b': 'The four head counts',
  '4': 'Does the plan only let employees pay their share of accident and health premiums before tax?',
  '5': 'Do HCE participants elect benefits at a share of their pay no higher than other participants?',
  '5a': 'Per group: the participants, their total pay and the benefits they elect (and the head counts when step 3 was yes)',
  '6': 'Does the employer contribution for health coverage meet the 75% rule (or is there none)?',
  '7': 'Total cost of benefits and cost for key employees',
};

const ELIGIBILITY = 'IRC §125(g)(3); Prop. Treas. Reg. §1.125-7(b); Treas. Reg. §1.410(b)-4';
const UTILIZATION = 'IRC §125(b)(1)(B); Prop. Treas. Reg. §1.125-7(c)(2)';

/** The regulation's section each step rests on (the note's headings). */
export const NDT_CITATIONS: Readonly<Record<NdtStep, string>> = {
  '1': 'IRC §125(b)(1)(A), (g)(3); Prop. Treas. Reg. §1.125-7(b)',
  '2': 'IRC §125(b)(1)(B), (c); Prop. Treas. Reg. §1.125-7(c)',
  '3': ELIGIBILITY,
  '3a': ELIGIBILITY,
  '3b': ELIGIBILITY,
  '4': 'Prop. Treas. Reg. §1.125-7(f)(1)',
  '5': UTILIZATION,
  '5a': UTILIZATION,
  '6': 'IRC §125(g)(2)',
  '7': 'IRC §125(b)(2); Prop. Treas. Reg. §1.125-7(d)',
};

/** The steps test B (the premium-only safe harbor) makes unnecessary. */
export const NOT_NEEDED_UNDER_TEST_B: readonly NdtStep[] = ['1', '2', '3a', '5', '5a', '6', '7'];

/** Test A3's Decision for the facts-and-circumstances band (a Fail with this explanation). */
export const FACTS_AND_CIRCUMSTANCES = 'between the safe and unsafe harbor: review with counsel';

/** Test D: key employees may receive at most this share of the total cost of benefits. */
export const KEY_EMPLOYEE_LIMIT_PERCENT = 25;

/** A row's outcome: its figures, its own pass, why, and (when it fails) what the employer can change. */
export type Outcome = Pick<NdtStepResult, 'figures' | 'pass' | 'why'> & { remedy?: string | null };

/** An amount the employer may reach "at most": down to the cent, never rounded up past it. */
const atMostMoney = (amount: number) => formatMoney(Math.floor(roundTo(amount * 100, 6)) / 100);

/**
 * Test A3's harbors (§1.125-7(b), the §410(b) classification test):
 * C = 100 × totalNonHces ÷ (totalNonHces + totalHces), excess = max(0, floor(C) − 60),
 * safe = 50 − 0.75 × excess, unsafe = max(20, 40 − 0.75 × excess).
 */
export function ratioHarbors(totalNonHces: number, totalHces: number) {
  const everyone = totalNonHces + totalHces;
  const C = everyone === 0 ? 0 : (100 * totalNonHces) / everyone;
  const excess = Math.max(0, Math.floor(C) - 60);
  return { C, excess, safe: 50 - 0.75 * excess, unsafe: Math.max(20, 40 - 0.75 * excess) };
}

/** C as shown: a C of 97.999 shows 97.999, not 98, beside its excess of 37. */
function shownC(C: number): number {
  const floor = Math.floor(C);
  if (C === floor) return C;
  return shownAgainst(C, [
    { limit: floor, side: 1 },
    { limit: floor + 1, side: -1 },
  ]);
}

/** The fewest eligible non-HCEs that bring the ratio to the safe harbor (exact: safe is a multiple of 0.25). */
function eligibleNonHcesForSafeHarbor(counts: NdtHeadCounts, safe: number): number | null {
  const { totalNonHces, eligibleHces, totalHces } = counts;
  if (![totalNonHces, eligibleHces, totalHces].every(Number.isSafeInteger) || totalHces === 0) return null;
  const numerator = BigInt(Math.round(safe * 4)) * BigInt(totalNonHces) * BigInt(eligibleHces);
  const denominator = 400n * BigInt(totalHces);
  return Number((numerator + denominator - 1n) / denominator);
}

/**
 * Test A3, the ratio test: ratio = 100 × (eligibleNonHces / totalNonHces) ÷ (eligibleHces / totalHces);
 * ratio ≥ safe passes (the safe harbor), ratio < unsafe fails, the band between fails with
 * FACTS_AND_CIRCUMSTANCES. Decided exactly; the ratio is never shown on a harbor it is not on.
 */
export function ratioTest(counts: NdtHeadCounts): Outcome {
  const { eligibleNonHces, totalNonHces, eligibleHces, totalHces } = counts;
  const { C, excess, safe, unsafe } = ratioHarbors(totalNonHces, totalHces);
  const top = [100, eligibleNonHces, totalHces];
  const bottom = totalNonHces * eligibleHces;
  const toSafe = compareProducts(top, [safe, totalNonHces, eligibleHces]);
  const toUnsafe = compareProducts(top, [unsafe, totalNonHces, eligibleHces]);
  const ratio =
    bottom === 0
      ? null
      : shownAgainst((100 * eligibleNonHces * totalHces) / bottom, [
          { limit: safe, side: toSafe },
          { limit: unsafe, side: toUnsafe },
        ]);
  const figures = {
    eligibleNonHces,
    totalNonHces,
    eligibleHces,
    totalHces,
    ratio,
    C: shownC(C),
    excess,
    safe,
    unsafe,
  };

  // Decision (the note): no eligible HCEs passes.
  if (eligibleHces === 0)
    return { figures, pass: true, why: 'No HCE is eligible, so the ratio test passes.' };
  // Decision (the note is silent): no non-HCEs at all leaves nobody to discriminate against.
  if (totalNonHces === 0)
    return { figures, pass: true, why: 'There are no non-HCEs, so nobody can be favoured over them.' };

  if (toSafe >= 0)
    return { figures, pass: true, why: `The ratio ${ratio} is at or above the safe harbor of ${safe}.` };
  const needed = eligibleNonHcesForSafeHarbor(counts, safe);
  const moreEligible =
    `Make more non-HCEs eligible to reach the safe harbor of ${safe}` +
    (needed === null
      ? ''
      : ` (${needed} of the ${totalNonHces} non-HCEs eligible instead of ${eligibleNonHces})`);
  if (toUnsafe < 0)
    return {
      figures,
      pass: false,
      why: `The ratio ${ratio} is below the unsafe harbor of ${unsafe}.`,
      remedy: `${moreEligible}.`,
    };
  return {
    figures,
    pass: false,
    why: `The ratio ${ratio} (safe harbor ${safe}, unsafe harbor ${unsafe}) is ${FACTS_AND_CIRCUMSTANCES}.`,
    remedy: `${moreEligible}, or review the facts and circumstances with counsel.`,
  };
}

/**
 * Test C utilization (§1.125-7(c)(2), the note's Decision): the benefits HCE participants elect, as a
 * percentage of their compensation, may not exceed the same percentage for non-HCE participants
 * (decided exactly, cross-multiplied). No eligible non-HCEs passes (the decision of A3); no HCE
 * participant or no HCE benefits passes; HCE benefits against no non-HCE participant or no non-HCE pay
 * fails. Shown beside it: each group's participation rate (participants ÷ eligible) and average pay per
 * participant (compensation ÷ participants). `counts` are the eligible counts (= the totals when step 3
 * was yes).
 */
export function utilizationTest(
  amounts: NdtUtilizationFigures,
  counts: Pick<NdtHeadCounts, 'eligibleHces' | 'eligibleNonHces'>,
): Outcome {
  const {
    participatingHces,
    participatingNonHces,
    grossCompensationHces,
    grossCompensationNonHces,
    benefitsElectedHces,
    benefitsElectedNonHces,
  } = amounts;
  const { eligibleHces, eligibleNonHces } = counts;
  const rate = (heads: number, eligible: number) => (eligible === 0 ? null : shown((100 * heads) / eligible));
  const average = (pay: number, heads: number) => (heads === 0 ? null : shown(pay / heads));
  const percent = (benefits: number, pay: number) => (pay === 0 ? null : (100 * benefits) / pay);
  // HCE% against non-HCE%: bH ÷ cH against bN ÷ cN, cross-multiplied.
  const side: Side = compareProducts(
    [benefitsElectedHces, grossCompensationNonHces],
    [benefitsElectedNonHces, grossCompensationHces],
  );
  const hcePercent = percent(benefitsElectedHces, grossCompensationHces);
  const nonHcePercent = percent(benefitsElectedNonHces, grossCompensationNonHces);
  const [hceShown, nonHceShown] =
    hcePercent !== null && nonHcePercent !== null
      ? shownSideBySide(hcePercent, nonHcePercent, side)
      : [
          hcePercent === null ? null : shown(hcePercent),
          nonHcePercent === null ? null : shown(nonHcePercent),
        ];
  const figures: NdtStepResult['figures'] = {
    participatingHces,
    participatingNonHces,
    eligibleHces,
    eligibleNonHces,
    hceParticipationRate: rate(participatingHces, eligibleHces),
    nonHceParticipationRate: rate(participatingNonHces, eligibleNonHces),
    grossCompensationHces,
    grossCompensationNonHces,
    averagePayHces: average(grossCompensationHces, participatingHces),
    averagePayNonHces: average(grossCompensationNonHces, participatingNonHces),
    benefitsElectedHces,
    benefitsElectedNonHces,
    hcePercent: hceShown,
    nonHcePercent: nonHceShown,
  };

  if (eligibleNonHces === 0)
    return {
      figures,
      pass: true,
      why: 'No non-HCE is eligible, so HCEs cannot elect benefits disproportionately to them.',
    };
  if (participatingHces === 0 || benefitsElectedHces === 0)
    return {
      figures,
      pass: true,
      why: 'HCE participants elect no benefits, so they do not elect disproportionately.',
    };
  if (participatingNonHces === 0 || grossCompensationNonHces === 0)
    return {
      figures,
      pass: false,
      why:
        participatingNonHces === 0
          ? 'HCE participants elect benefits while no non-HCE participates.'
          : 'HCE participants elect benefits while non-HCE participants have no pay to elect from.',
      remedy:
        'Enroll non-HCEs who elect benefits, or limit HCE elections: while non-HCE participants elect nothing, any HCE election is disproportionate.',
    };
  if (side <= 0)
    return {
      figures,
      pass: true,
      why: `HCE participants elect ${hceShown}% of their pay in benefits, no more than the ${nonHceShown}% of non-HCE participants.`,
    };
  const most = (benefitsElectedNonHces * grossCompensationHces) / grossCompensationNonHces;
  return {
    figures,
    pass: false,
    why: `HCE participants elect ${hceShown}% of their pay in benefits, more than the ${nonHceShown}% of non-HCE participants.`,
    remedy: `Limit HCE elections so that their share of pay is not above the non-HCEs' ${nonHceShown}% (${atMostMoney(most)} in total at most on their pay of ${formatMoney(grossCompensationHces)}).`,
  };
}

/** Test D (§125(b)(2)): fail when totalCostKeyEmployees ÷ totalCostOfBenefits > 25%; exactly 25% passes. */
export function keyEmployeeTest(costs: NdtBenefitCosts): Outcome {
  const { totalCostOfBenefits, totalCostKeyEmployees } = costs;
  const limit = KEY_EMPLOYEE_LIMIT_PERCENT;
  const side = compareProducts([100, totalCostKeyEmployees], [limit, totalCostOfBenefits]);
  const share =
    totalCostOfBenefits === 0
      ? null
      : shownAgainst((100 * totalCostKeyEmployees) / totalCostOfBenefits, limit, side);
  const figures = { totalCostOfBenefits, totalCostKeyEmployees, keyEmployeeShare: share };
  if (totalCostOfBenefits === 0)
    return {
      figures,
      pass: true,
      why: `No benefits cost anything, so key employees cannot receive more than ${limit}%.`,
    };
  if (side <= 0)
    return {
      figures,
      pass: true,
      why: `Key employees receive ${share}% of the total cost of benefits, within the ${limit}% limit.`,
    };
  // Reducing key employees' benefits reduces the total too: K ≤ 25% × (others + K) ⇔ K ≤ others ÷ 3.
  const others = totalCostOfBenefits - totalCostKeyEmployees;
  return {
    figures,
    pass: false,
    why: `Key employees receive ${share}% of the total cost of benefits, more than the ${limit}% limit.`,
    remedy: `Reduce key employees' benefits to ${limit}% of the total (${atMostMoney(others / 3)} at most while the other employees' benefits stay ${formatMoney(others)}).`,
  };
}

/** A yes/no row: its sentence for yes and for no; `remedy` for a "no" that fails (null: no only branches). */
function yesNo(step: NdtStep, answer: boolean, yes: string, no: string, remedy: string | null): Outcome {
  return {
    figures: {},
    pass: answer || remedy === null,
    why: answer ? yes : no,
    remedy: answer ? null : remedy,
  };
}

function rowOf(step: NdtStep, answer: boolean | null, outcome: Outcome): NdtStepResult {
  const { figures, pass, why, remedy = null } = outcome;
  return {
    step,
    question: NDT_QUESTIONS[step],
    answer,
    figures,
    pass,
    why,
    citation: NDT_CITATIONS[step],
    needed: true,
    remedy: pass ? null : remedy,
  };
}

/** Said of a step test B makes unnecessary, in place of its own sentence (which may read as a Fail). */
const NOT_NEEDED =
  'Not needed for the verdict: the premium-only safe harbor of step 4 applies (Prop. Treas. Reg. §1.125-7(f)(1)), whatever this step says.';

/**
 * Every test of the note for validated input (validateNdtInput). Test B (§1.125-7(f)(1)): a premium-only
 * plan (step 4 yes) at test A3's safe harbor (step 3 yes, or the ratio of 3b at or above the safe harbor)
 * passes every test, "A1, A2, C and D included": whatever steps 1, 2, 3a and 5–7 say; those rows are marked
 * not needed. Otherwise Pass only
 * when A1 (1), A2 (3a), A3 (3 yes or 3b), C availability (2), C utilization (5 yes or 5a) and D (7) pass;
 * step 6 is a safe harbor and fails nothing by itself.
 */
export function evaluateNdt(input: NdtInput): NdtResult {
  const rows: NdtStepResult[] = [
    // A1 (§125(b)(1)(A), (g)(3)): the employment requirement.
    rowOf(
      '1',
      input.ndtAnswer1,
      yesNo(
        '1',
        input.ndtAnswer1,
        'Every employee can enter within 3 years of hire, no later than the next plan-year start.',
        'A longer employment requirement, or a later entry, fails the eligibility test.',
        'Shorten the employment requirement to 3 years at most, the same for all, with entry no later than the first day of the plan year after it is met.',
      ),
    ),
    // C availability (§1.125-7(c)).
    rowOf(
      '2',
      input.ndtAnswer2,
      yesNo(
        '2',
        input.ndtAnswer2,
        'Similarly situated participants get the same choices and the same employer contribution.',
        'Different choices or employer contributions for similarly situated participants fail the availability test.',
        'Offer all similarly situated participants the same choices and the same employer contribution on the same terms.',
      ),
    ),
    // A3: all eligible passes at the safe harbor; otherwise 3a (A2) and 3b (the ratio) decide.
    rowOf(
      '3',
      input.ndtAnswer3,
      yesNo(
        '3',
        input.ndtAnswer3,
        'All employees are eligible, so the eligibility ratio test passes at the safe harbor.',
        'Not every employee is eligible, so steps 3a and 3b decide the eligibility test.',
        null,
      ),
    ),
  ];
  let atSafeHarbor = input.ndtAnswer3;
  if (!input.ndtAnswer3) {
    const ratio = ratioTest(input);
    atSafeHarbor = ratio.pass;
    rows.push(
      rowOf(
        '3a',
        input.ndtAnswer3a,
        yesNo(
          '3a',
          input.ndtAnswer3a,
          'The eligible group is a reasonable classification set by objective business criteria.',
          'An eligible group not set by objective business criteria fails the eligibility test.',
          'Define eligibility by objective business criteria (such as job category or work location), not by who is highly paid.',
        ),
      ),
      rowOf('3b', null, ratio),
    );
  }
  const testB = input.ndtAnswer4 && atSafeHarbor;
  rows.push(
    rowOf(
      '4',
      input.ndtAnswer4,
      yesNo(
        '4',
        input.ndtAnswer4,
        testB
          ? 'A premium-only plan whose eligibility passes at the safe harbor "is deemed to satisfy the nondiscrimination rules in section 125(c)" (Prop. Treas. Reg. §1.125-7(f)(1)): it passes every test, whatever steps 1, 2 and 5 to 7 say.'
          : 'The plan is premium-only, but its eligibility ratio (step 3b) is below the safe harbor, so the premium-only safe harbor does not apply and every test must pass.',
        'The plan offers more than premium payments, so the premium-only safe harbor does not apply and every test must pass.',
        null,
      ),
    ),
  );

  if ('ndtAnswer6' in input) {
    rows.push(
      rowOf(
        '5',
        input.ndtAnswer5,
        yesNo(
          '5',
          input.ndtAnswer5,
          'HCE participants elect benefits at a share of their pay no higher than other participants.',
          'HCE participants may elect a higher share of their pay, so the figures of step 5a decide.',
          null,
        ),
      ),
    );
    if (!input.ndtAnswer5) rows.push(rowOf('5a', null, utilizationTest(input, input)));
    rows.push(
      // C health benefits (§125(g)(2)): a safe harbor, not a requirement.
      rowOf(
        '6',
        input.ndtAnswer6,
        yesNo(
          '6',
          input.ndtAnswer6,
          'The employer contribution for health coverage meets the 75% rule (or there is none), so the health benefits pass under the §125(g)(2) safe harbor.',
          'The §125(g)(2) safe harbor for health benefits is not available: not a Fail by itself, the contributions are judged by availability (step 2) and utilization (step 5 or 5a).',
          null,
        ),
      ),
      // D key-employee concentration.
      rowOf('7', null, keyEmployeeTest(input)),
    );
  }

  const results = testB
    ? rows.map((row) =>
        NOT_NEEDED_UNDER_TEST_B.includes(row.step)
          ? { ...row, needed: false, remedy: null, why: NOT_NEEDED }
          : row,
      )
    : rows;
  const pass = results.every((row) => !row.needed || row.pass);
  return { pass, ndtResult: pass ? 'Pass' : 'Fail', safeHarbor: testB, results };
}
