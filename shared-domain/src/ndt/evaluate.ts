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
  '5': 'Do HCEs participate at a rate no higher than other employees?',
  '5a': 'The four amounts (pay and participants by group)',
  '6': 'Does the employer contribution for health coverage meet the 75% rule (or is there none)?',
  '7': 'Total cost of benefits and cost for key employees',
};

/** Test A3's Decision for the facts-and-circumstances band (a Fail with this explanation). */
export const FACTS_AND_CIRCUMSTANCES = 'between the safe and unsafe harbor: review with counsel';

/** Test D: key employees may receive at most this share of the total cost of benefits. */
export const KEY_EMPLOYEE_LIMIT_PERCENT = 25;

/** 2 decimals, for the figures and the sentences (the decisions compare exact values). */
const round = (value: number) => Math.round(value * 100) / 100;

type Outcome = Pick<NdtStepResult, 'figures' | 'pass' | 'why'>;

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

/**
 * Test A3, the ratio test: ratio = 100 × (eligibleNonHces / totalNonHces) ÷ (eligibleHces / totalHces);
 * ratio ≥ safe passes, ratio < unsafe fails, the band between fails with FACTS_AND_CIRCUMSTANCES.
 */
export function ratioTest(counts: NdtHeadCounts): Outcome {
  const { eligibleNonHces, totalNonHces, eligibleHces, totalHces } = counts;
  const { C, excess, safe, unsafe } = ratioHarbors(totalNonHces, totalHces);
  // ratio = top ÷ bottom; the decisions cross-multiply so that a ratio of exactly `safe` is never lost.
  const top = 100 * eligibleNonHces * totalHces;
  const bottom = totalNonHces * eligibleHces;
  const ratio = bottom === 0 ? null : top / bottom;
  const figures = {
    eligibleNonHces,
    totalNonHces,
    eligibleHces,
    totalHces,
    ratio: ratio === null ? null : round(ratio),
    C: round(C),
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

  const shown = figures.ratio;
  if (top >= safe * bottom)
    return { figures, pass: true, why: `The ratio ${shown} is at or above the safe harbor of ${safe}.` };
  if (top < unsafe * bottom)
    return { figures, pass: false, why: `The ratio ${shown} is below the unsafe harbor of ${unsafe}.` };
  return {
    figures,
    pass: false,
    why: `The ratio ${shown} (safe harbor ${safe}, unsafe harbor ${unsafe}) is ${FACTS_AND_CIRCUMSTANCES}.`,
  };
}

/**
 * Test C utilization (the note's Decision): participatingHces ÷ eligibleHces may not exceed
 * participatingNonHces ÷ eligibleNonHces; each group's average pay shown beside it. Without the head
 * counts (step 3 yes skips 3b) the rates cannot be recomputed and step 5's "no" stands.
 */
export function utilizationTest(amounts: NdtUtilizationFigures, counts?: NdtHeadCounts): Outcome {
  const { grossCompensationHces, grossCompensationNonHces, participatingHces, participatingNonHces } =
    amounts;
  const average = (pay: number, heads: number) => (heads === 0 ? null : round(pay / heads));
  const figures: NdtStepResult['figures'] = {
    grossCompensationHces,
    grossCompensationNonHces,
    participatingHces,
    participatingNonHces,
    averagePayHces: average(grossCompensationHces, participatingHces),
    averagePayNonHces: average(grossCompensationNonHces, participatingNonHces),
  };
  if (!counts)
    return {
      figures,
      pass: false,
      why: 'Without the head counts of step 3b the rates cannot be recomputed, so the answer to step 5 stands: HCEs participate at a higher rate.',
    };

  const { eligibleHces, eligibleNonHces } = counts;
  const rate = (heads: number, eligible: number) => (eligible === 0 ? null : round((100 * heads) / eligible));
  const hceRate = rate(participatingHces, eligibleHces);
  const nonHceRate = rate(participatingNonHces, eligibleNonHces);
  Object.assign(figures, { eligibleHces, eligibleNonHces, hceRate, nonHceRate });

  if (eligibleHces === 0)
    return { figures, pass: true, why: 'No HCE is eligible, so HCEs cannot participate disproportionately.' };
  if (eligibleNonHces === 0) {
    const pass = participatingHces === 0;
    const why = pass
      ? 'No employee participates, so HCEs do not participate disproportionately.'
      : 'HCEs participate while no other employee is eligible to.';
    return { figures, pass, why };
  }
  // Cross-multiplied: pH ÷ eH ≤ pN ÷ eN.
  const pass = participatingHces * eligibleNonHces <= participatingNonHces * eligibleHces;
  const why = pass
    ? `HCEs participate at ${hceRate}%, no more than the ${nonHceRate}% of other employees.`
    : `HCEs participate at ${hceRate}%, more than the ${nonHceRate}% of other employees.`;
  return { figures, pass, why };
}

/** Test D (§125(b)(2)): fail when totalCostKeyEmployees ÷ totalCostOfBenefits > 25%; exactly 25% passes. */
export function keyEmployeeTest(costs: NdtBenefitCosts): Outcome {
  const { totalCostOfBenefits, totalCostKeyEmployees } = costs;
  const share = totalCostOfBenefits === 0 ? null : round((100 * totalCostKeyEmployees) / totalCostOfBenefits);
  const figures = { totalCostOfBenefits, totalCostKeyEmployees, keyEmployeeShare: share };
  if (totalCostOfBenefits === 0)
    return {
      figures,
      pass: true,
      why: 'No benefits cost anything, so key employees cannot receive more than 25%.',
    };
  // × 4 is exact in floating point: the 25% boundary is compared without rounding.
  const pass = totalCostKeyEmployees * 4 <= totalCostOfBenefits;
  const why = pass
    ? `Key employees receive ${share}% of the total cost of benefits, within the 25% limit.`
    : `Key employees receive ${share}% of the total cost of benefits, more than the 25% limit.`;
  return { figures, pass, why };
}

/** A yes/no row: its sentence for yes and for no; `failsOnNo` false for the steps that only branch. */
function yesNo(step: NdtStep, answer: boolean, yes: string, no: string, failsOnNo = true): NdtStepResult {
  return {
    step,
    question: NDT_QUESTIONS[step],
    answer,
    figures: {},
    pass: answer || !failsOnNo,
    why: answer ? yes : no,
  };
}

function computed(step: NdtStep, outcome: Outcome): NdtStepResult {
  return { step, question: NDT_QUESTIONS[step], answer: null, ...outcome };
}

/** Every test of the note for validated input (validateNdtInput): Pass only when every row passes. */
export function evaluateNdt(input: NdtInput): NdtResult {
  // Test B (§1.125-7(f)) as the specs' flow: steps 1–4 all yes → a safe-harbor Pass at once.
  const safeHarbor = input.ndtAnswer1 && input.ndtAnswer2 && input.ndtAnswer3 && input.ndtAnswer4;
  const results: NdtStepResult[] = [
    // A1 (§125(g)(3)): the employment requirement.
    yesNo(
      '1',
      input.ndtAnswer1,
      'Every employee can enter within 3 years of hire, no later than the next plan-year start.',
      'A longer employment requirement, or a later entry, fails the eligibility test.',
    ),
    // C availability (§1.125-7(c)).
    yesNo(
      '2',
      input.ndtAnswer2,
      'Similarly situated participants get the same choices and the same employer contribution.',
      'Different choices or employer contributions for similarly situated participants fail the availability test.',
    ),
    // A3: all eligible passes; otherwise 3a (A2) and 3b (the ratio) decide.
    yesNo(
      '3',
      input.ndtAnswer3,
      'All employees are eligible, so the eligibility ratio test passes.',
      'Not every employee is eligible, so steps 3a and 3b decide the eligibility test.',
      false,
    ),
  ];
  if (!input.ndtAnswer3) {
    results.push(
      yesNo(
        '3a',
        input.ndtAnswer3a,
        'The eligible group is a reasonable classification set by objective business criteria.',
        'An eligible group not set by objective business criteria fails the eligibility test.',
      ),
      computed('3b', ratioTest(input)),
    );
  }
  results.push(
    yesNo(
      '4',
      input.ndtAnswer4,
      safeHarbor
        ? 'A premium-only plan with steps 1 to 3 answered yes is in the safe harbor and passes every §125 test.'
        : 'The plan is premium-only, but without yes to steps 1 to 3 the tests of steps 5 to 7 still apply.',
      'The plan offers more than premium payments, so the tests of steps 5 to 7 apply.',
      false,
    ),
  );

  if (!safeHarbor && 'ndtAnswer6' in input) {
    results.push(
      yesNo(
        '5',
        input.ndtAnswer5,
        'HCEs participate at a rate no higher than other employees.',
        'HCEs may participate at a higher rate, so the figures of step 5a decide.',
        false,
      ),
    );
    if (!input.ndtAnswer5)
      results.push(computed('5a', utilizationTest(input, input.ndtAnswer3 ? undefined : input)));
    results.push(
      // C health benefits (§125(g)(2)).
      yesNo(
        '6',
        input.ndtAnswer6,
        'The employer contribution for health coverage meets the 75% rule, or there is none.',
        'An employer contribution for health coverage below the 75% rule fails the health benefits test.',
      ),
      // D key-employee concentration.
      computed('7', keyEmployeeTest(input)),
    );
  }

  const pass = results.every((row) => row.pass);
  return { pass, ndtResult: pass ? 'Pass' : 'Fail', safeHarbor, results };
}
