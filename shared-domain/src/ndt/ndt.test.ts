import { describe, expect, it } from '@jest/globals';
import {
  FACTS_AND_CIRCUMSTANCES,
  NDT_CITATIONS,
  compareProducts,
  evaluateNdt,
  ratioTest,
  roundTo,
  shownAgainst,
  validateNdtInput,
  type NdtFullAnswers,
  type NdtHeadCounts,
  type NdtInput,
  type NdtResult,
} from '../index.js';

/** A path through every step that passes, which each case below changes in one place. */
const passing = {
  name: 'Pat Tester',
  ndtAnswer1: true,
  ndtAnswer2: true,
  ndtAnswer3: false,
  ndtAnswer3a: true,
  eligibleNonHces: 12,
  totalNonHces: 16,
  eligibleHces: 4,
  totalHces: 4,
  ndtAnswer4: false,
  ndtAnswer5: true,
  ndtAnswer6: true,
  totalCostOfBenefits: 100_000,
  totalCostKeyEmployees: 20_000,
} satisfies NdtFullAnswers;

const counts = (eligibleNonHces: number, totalNonHces: number, eligibleHces: number, totalHces: number) =>
  ({ eligibleNonHces, totalNonHces, eligibleHces, totalHces }) satisfies NdtHeadCounts;

const row = (result: NdtResult, step: string) => {
  const found = result.results.find((r) => r.step === step);
  if (!found) throw new Error(`no row for step ${step}`);
  return found;
};
const steps = (result: NdtResult) => result.results.map((r) => r.step);
const unneeded = (result: NdtResult) => result.results.filter((r) => !r.needed).map((r) => r.step);

describe('the domain note’s worked examples (test A3, the ratio)', () => {
  it('ratio 75 passes: C 80, excess 20, safe 35', () => {
    const outcome = ratioTest(counts(12, 16, 4, 4));
    expect(outcome.figures).toMatchObject({ ratio: 75, C: 80, excess: 20, safe: 35, unsafe: 25 });
    expect(outcome.pass).toBe(true);
    expect(outcome.why).toBe('The ratio 75 is at or above the safe harbor of 35.');

    const result = evaluateNdt(passing);
    expect(row(result, '3b')).toMatchObject({ answer: null, pass: true, figures: { ratio: 75, safe: 35 } });
    expect(result).toMatchObject({ pass: true, ndtResult: 'Pass', safeHarbor: false });
  });

  it('ratio 20 fails: C 50, safe 50, unsafe 40', () => {
    const outcome = ratioTest(counts(1, 5, 5, 5));
    expect(outcome.figures).toMatchObject({ ratio: 20, C: 50, excess: 0, safe: 50, unsafe: 40 });
    expect(outcome).toMatchObject({ pass: false, why: 'The ratio 20 is below the unsafe harbor of 40.' });

    const result = evaluateNdt({ ...passing, ...counts(1, 5, 5, 5) });
    expect(row(result, '3b')).toMatchObject({
      pass: false,
      needed: true,
      remedy:
        'Make more non-HCEs eligible to reach the safe harbor of 50 (3 of the 5 non-HCEs eligible instead of 1).',
    });
    expect(result).toMatchObject({ pass: false, ndtResult: 'Fail' });
  });

  it('the facts-and-circumstances band fails with its explanation', () => {
    // 9 of 20 non-HCEs, 20 of 20 HCEs: ratio 45, C 50 → safe 50, unsafe 40.
    const outcome = ratioTest(counts(9, 20, 20, 20));
    expect(outcome.figures).toMatchObject({ ratio: 45, C: 50, safe: 50, unsafe: 40 });
    expect(outcome.pass).toBe(false);
    expect(outcome.why).toBe(
      'The ratio 45 (safe harbor 50, unsafe harbor 40) is between the safe and unsafe harbor: review with counsel.',
    );
    expect(outcome.why).toContain(FACTS_AND_CIRCUMSTANCES);
    expect(outcome.remedy).toBe(
      'Make more non-HCEs eligible to reach the safe harbor of 50 (10 of the 20 non-HCEs eligible instead of 9), or review the facts and circumstances with counsel.',
    );
    expect(evaluateNdt({ ...passing, ...counts(9, 20, 20, 20) }).pass).toBe(false);
  });

  it('the band’s edges: exactly safe passes, exactly unsafe is in the band', () => {
    expect(ratioTest(counts(10, 20, 20, 20))).toMatchObject({ pass: true, figures: { ratio: 50 } });
    expect(ratioTest(counts(8, 20, 20, 20)).why).toContain(FACTS_AND_CIRCUMSTANCES);
    expect(ratioTest(counts(7, 20, 20, 20)).why).toBe('The ratio 35 is below the unsafe harbor of 40.');
  });

  it('the unsafe harbor never goes below 20', () => {
    // C 97 → excess 37: safe 22.25, unsafe max(20, 12.25) = 20.
    expect(ratioTest(counts(1, 97, 3, 3)).figures).toMatchObject({
      C: 97,
      excess: 37,
      safe: 22.25,
      unsafe: 20,
    });
  });

  it('no eligible HCEs passes', () => {
    const outcome = ratioTest(counts(3, 10, 0, 2));
    expect(outcome).toMatchObject({ pass: true, figures: { ratio: null } });
    expect(outcome.why).toBe('No HCE is eligible, so the ratio test passes.');
    expect(evaluateNdt({ ...passing, ...counts(3, 10, 0, 2) }).pass).toBe(true);
  });

  it('no non-HCEs at all passes (a decision)', () => {
    expect(ratioTest(counts(0, 0, 2, 2)).pass).toBe(true);
  });

  it('no eligible non-HCE with eligible HCEs fails', () => {
    expect(ratioTest(counts(0, 10, 1, 2))).toMatchObject({ pass: false, figures: { ratio: 0 } });
  });
});

describe('the premium-only safe harbor (test B, §1.125-7(f)(1))', () => {
  it('steps 1–4 all yes pass at once, with no row for steps 5–7', () => {
    const result = evaluateNdt({ ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true });
    expect(result).toMatchObject({ pass: true, ndtResult: 'Pass', safeHarbor: true });
    expect(steps(result)).toEqual(['1', '2', '3', '4']);
    expect(result.results.every((r) => r.pass && r.answer === true && r.remedy === null)).toBe(true);
    expect(unneeded(result)).toEqual(['1', '2']);
    expect(row(result, '4').why).toContain('deemed to satisfy the nondiscrimination rules');
    expect(row(result, '4').why).toContain('§1.125-7(f)');
  });

  it('the note’s worked case: part-timers excluded, ratio 75, key employees at 40% → Pass', () => {
    // 2 HCEs (2 eligible), 8 non-HCEs (6 eligible): step 3 no, 3a yes; ratio 75, C 80, safe 35; step 4 yes.
    const input = {
      ...passing,
      ...counts(6, 8, 2, 2),
      ndtAnswer4: true,
      totalCostOfBenefits: 100_000,
      totalCostKeyEmployees: 40_000,
    } satisfies NdtFullAnswers;
    const result = evaluateNdt(input);
    expect(row(result, '3b').figures).toMatchObject({ ratio: 75, C: 80, safe: 35 });
    expect(result).toMatchObject({ pass: true, ndtResult: 'Pass', safeHarbor: true });
    // Step 7 fails on its own, but the verdict does not need it.
    expect(row(result, '7')).toMatchObject({
      pass: false,
      needed: false,
      remedy: null,
      citation: 'IRC §125(b)(2); Prop. Treas. Reg. §1.125-7(d)',
      figures: { keyEmployeeShare: 40 },
    });
    // Its sentence is the neutral one, not its own (which reads as a Fail).
    expect(row(result, '7').why).toBe(
      'Not needed for the verdict: the premium-only safe harbor of step 4 applies (Prop. Treas. Reg. §1.125-7(f)(1)), whatever this step says.',
    );
    expect(unneeded(result)).toEqual(['1', '2', '3a', '5', '6', '7']);
    expect(row(result, '4')).toMatchObject({
      needed: true,
      pass: true,
      citation: 'Prop. Treas. Reg. §1.125-7(f)(1)',
    });
    expect(row(result, '4').why).toContain('§1.125-7(f)');
    // The same plan without the premium-only answer fails at step 7.
    const notPremiumOnly = evaluateNdt({ ...input, ndtAnswer4: false });
    expect(notPremiumOnly).toMatchObject({ pass: false, safeHarbor: false });
    expect(row(notPremiumOnly, '7')).toMatchObject({ pass: false, needed: true });
    expect(row(notPremiumOnly, '7').remedy).toBe(
      "Reduce key employees' benefits to 25% of the total ($20,000.00 at most while the other employees' benefits stay $60,000.00).",
    );
  });

  it('a premium-only plan with all employees eligible and step 2 no passes', () => {
    const result = evaluateNdt({ ...passing, ndtAnswer2: false, ndtAnswer3: true, ndtAnswer4: true });
    expect(result).toMatchObject({ pass: true, safeHarbor: true });
    expect(row(result, '2')).toMatchObject({ answer: false, pass: false, needed: false, remedy: null });
  });

  it('passes whatever steps 1, 2 and 5–7 say', () => {
    const input = {
      ...passing,
      ndtAnswer1: false,
      ndtAnswer2: false,
      ndtAnswer3: true,
      ndtAnswer4: true,
      ndtAnswer5: false,
      participatingHces: 4,
      participatingNonHces: 0,
      grossCompensationHces: 800_000,
      grossCompensationNonHces: 0,
      benefitsElectedHces: 40_000,
      benefitsElectedNonHces: 0,
      ndtAnswer6: false,
      totalCostKeyEmployees: 100_000,
    } satisfies NdtFullAnswers;
    const result = evaluateNdt(input);
    expect(result).toMatchObject({ pass: true, ndtResult: 'Pass', safeHarbor: true });
    expect(unneeded(result)).toEqual(['1', '2', '5', '5a', '6', '7']);
    expect(result.results.filter((r) => !r.pass).map((r) => r.step)).toEqual(['1', '2', '5a', '7']);
    expect(result.results.every((r) => r.remedy === null)).toBe(true);
  });

  it('even failing figures of steps 5–7 are not looked at', () => {
    const input = { ...passing, ndtAnswer3: true, ndtAnswer4: true, ndtAnswer6: false } as NdtInput;
    expect(evaluateNdt(input)).toMatchObject({ pass: true, safeHarbor: true });
  });

  it('A2 included, as the note says: 3a no does not stop the safe harbor (ratio at the safe harbor)', () => {
    const result = evaluateNdt({ ...passing, ...counts(6, 8, 2, 2), ndtAnswer3a: false, ndtAnswer4: true });
    expect(result).toMatchObject({ pass: true, safeHarbor: true });
    expect(row(result, '3a')).toMatchObject({ answer: false, pass: false, needed: false, remedy: null });
    // Without the premium-only answer, 3a no fails with its remedy.
    const general = evaluateNdt({ ...passing, ...counts(6, 8, 2, 2), ndtAnswer3a: false });
    expect(general).toMatchObject({ pass: false, safeHarbor: false });
    expect(row(general, '3a').remedy).toContain('objective business criteria');
  });

  it('the facts-and-circumstances band is not the safe harbor', () => {
    const result = evaluateNdt({ ...passing, ...counts(9, 20, 20, 20), ndtAnswer4: true });
    expect(result).toMatchObject({ pass: false, safeHarbor: false });
    expect(row(result, '4').why).toContain('does not apply');
    expect(row(result, '3b').remedy).toContain('review the facts and circumstances with counsel');
  });

  it('no eligible HCEs counts as the safe harbor, as in test A3', () => {
    const result = evaluateNdt({
      ...passing,
      ...counts(3, 10, 0, 2),
      ndtAnswer4: true,
      totalCostKeyEmployees: 90_000,
    });
    expect(result).toMatchObject({ pass: true, safeHarbor: true });
  });

  it('a plan that is not premium-only needs every test', () => {
    const result = evaluateNdt({ ...passing, ndtAnswer3: true, ndtAnswer2: false });
    expect(result).toMatchObject({ pass: false, safeHarbor: false });
    expect(row(result, '2').remedy).toBe(
      'Offer all similarly situated participants the same choices and the same employer contribution on the same terms.',
    );
  });
});

describe('every row: the regulation’s section, whether the verdict needed it, and a remedy for a Fail', () => {
  it('cites the note’s section for each step', () => {
    const result = evaluateNdt({
      ...passing,
      ndtAnswer5: false,
      participatingHces: 1,
      participatingNonHces: 1,
      grossCompensationHces: 1,
      grossCompensationNonHces: 1,
      benefitsElectedHces: 0,
      benefitsElectedNonHces: 0,
    });
    expect(Object.fromEntries(result.results.map((r) => [r.step, r.citation]))).toEqual({
      '1': 'IRC §125(b)(1)(A), (g)(3); Prop. Treas. Reg. §1.125-7(b)',
      '2': 'IRC §125(b)(1)(B), (c); Prop. Treas. Reg. §1.125-7(c)',
      '3': 'IRC §125(g)(3); Prop. Treas. Reg. §1.125-7(b); Treas. Reg. §1.410(b)-4',
      '3a': 'IRC §125(g)(3); Prop. Treas. Reg. §1.125-7(b); Treas. Reg. §1.410(b)-4',
      '3b': 'IRC §125(g)(3); Prop. Treas. Reg. §1.125-7(b); Treas. Reg. §1.410(b)-4',
      '4': 'Prop. Treas. Reg. §1.125-7(f)(1)',
      '5': 'IRC §125(b)(1)(B); Prop. Treas. Reg. §1.125-7(c)(2)',
      '5a': 'IRC §125(b)(1)(B); Prop. Treas. Reg. §1.125-7(c)(2)',
      '6': 'IRC §125(g)(2)',
      '7': 'IRC §125(b)(2); Prop. Treas. Reg. §1.125-7(d)',
    });
    expect(NDT_CITATIONS['4']).toBe('Prop. Treas. Reg. §1.125-7(f)(1)');
    expect(result.results.every((r) => r.needed && r.pass && r.remedy === null)).toBe(true);
  });

  it('a failing row says what the employer can change', () => {
    const result = evaluateNdt({ ...passing, ndtAnswer1: false });
    expect(row(result, '1')).toMatchObject({
      pass: false,
      needed: true,
      remedy:
        'Shorten the employment requirement to 3 years at most, the same for all, with entry no later than the first day of the plan year after it is met.',
    });
  });
});

describe('the yes/no steps', () => {
  it.each(['ndtAnswer1', 'ndtAnswer2', 'ndtAnswer3a'] as const)('%s no fails', (field) => {
    const result = evaluateNdt({ ...passing, [field]: false });
    expect(result.pass).toBe(false);
    expect(result.results.filter((r) => !r.pass).map((r) => r.answer)).toEqual([false]);
  });

  it('3, 4 and 5 only branch: no fails nothing by itself', () => {
    const result = evaluateNdt({
      ...passing,
      ndtAnswer3: true,
      ndtAnswer4: false,
      ndtAnswer5: false,
      ...counts(0, 0, 0, 0),
      grossCompensationHces: 0,
      grossCompensationNonHces: 0,
      participatingHces: 0,
      participatingNonHces: 0,
      benefitsElectedHces: 0,
      benefitsElectedNonHces: 0,
    });
    expect(row(result, '3').pass).toBe(true);
    expect(row(result, '4').pass).toBe(true);
    expect(row(result, '5').pass).toBe(true);
    expect(steps(result)).toEqual(['1', '2', '3', '4', '5', '5a', '6', '7']);
  });

  it('3 yes skips 3a and 3b and passes the eligibility test', () => {
    const result = evaluateNdt({ ...passing, ndtAnswer3: true });
    expect(steps(result)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(result.pass).toBe(true);
  });
});

describe('step 6: the §125(g)(2) safe harbor for health benefits', () => {
  it('no alone is not a Fail: the safe harbor is not available, availability and utilization judge', () => {
    const result = evaluateNdt({ ...passing, ndtAnswer6: false });
    expect(result).toMatchObject({ pass: true, ndtResult: 'Pass' });
    expect(row(result, '6')).toMatchObject({ answer: false, pass: true, needed: true, remedy: null });
    expect(row(result, '6').why).toBe(
      'The §125(g)(2) safe harbor for health benefits is not available: not a Fail by itself, the contributions are judged by availability (step 2) and utilization (step 5 or 5a).',
    );
  });

  it('yes passes the health part under the safe harbor', () => {
    expect(row(evaluateNdt(passing), '6').why).toContain('§125(g)(2) safe harbor');
  });
});

describe('utilization (step 5a): benefits elected as a share of pay', () => {
  /** Half of each group participates; HCEs elect 5% of their pay, non-HCEs 2% (the note's worked case). */
  const worked = {
    ...passing,
    ndtAnswer5: false,
    participatingHces: 2,
    participatingNonHces: 6,
    grossCompensationHces: 800_000,
    grossCompensationNonHces: 800_000,
    benefitsElectedHces: 40_000,
    benefitsElectedNonHces: 16_000,
  } satisfies NdtFullAnswers;

  it('the note’s worked case fails although half of each group participates', () => {
    const result = evaluateNdt(worked);
    expect(row(result, '5a')).toMatchObject({
      pass: false,
      needed: true,
      figures: {
        hcePercent: 5,
        nonHcePercent: 2,
        hceParticipationRate: 50,
        nonHceParticipationRate: 50,
        averagePayHces: 400_000,
        averagePayNonHces: 133_333.33,
      },
      why: 'HCE participants elect 5% of their pay in benefits, more than the 2% of non-HCE participants.',
      remedy:
        "Limit HCE elections so that their share of pay is not above the non-HCEs' 2% ($16,000.00 in total at most on their pay of $800,000.00).",
    });
    expect(result).toMatchObject({ pass: false, ndtResult: 'Fail', safeHarbor: false });
  });

  it('passes when the HCE share is not higher: equal passes', () => {
    const equal = evaluateNdt({ ...worked, benefitsElectedHces: 16_000 });
    expect(row(equal, '5a')).toMatchObject({ pass: true, figures: { hcePercent: 2, nonHcePercent: 2 } });
    expect(equal.pass).toBe(true);
    expect(row(evaluateNdt({ ...worked, benefitsElectedHces: 8_000 }), '5a').why).toBe(
      'HCE participants elect 1% of their pay in benefits, no more than the 2% of non-HCE participants.',
    );
    // One cent more than equal fails, and the shown shares say so.
    const cent = evaluateNdt({ ...worked, benefitsElectedHces: 16_000.01 });
    expect(row(cent, '5a')).toMatchObject({
      pass: false,
      figures: { hcePercent: 2.000001, nonHcePercent: 2 },
    });
  });

  it('averages are per participant (the group’s pay ÷ its participants)', () => {
    const result = evaluateNdt({ ...worked, participatingHces: 3, grossCompensationHces: 900_000 });
    expect(row(result, '5a').figures).toMatchObject({ averagePayHces: 300_000, hceParticipationRate: 75 });
  });

  it('step 3 yes with step 5 no computes with the totals as the eligible counts, and can pass', () => {
    const facts = {
      ndtAnswer5: false,
      participatingHces: 1,
      participatingNonHces: 10,
      grossCompensationHces: 200_000,
      grossCompensationNonHces: 500_000,
      benefitsElectedHces: 4_000,
      benefitsElectedNonHces: 15_000,
    } as const;
    const viaYes = validateNdtInput({ ...passing, ...facts, ndtAnswer3: true, ...counts(99, 20, 99, 2) });
    expect(viaYes.ok).toBe(true);
    if (!viaYes.ok) return;
    expect(viaYes.value).toMatchObject(counts(20, 20, 2, 2));
    const yes = evaluateNdt(viaYes.value);
    expect(row(yes, '5a')).toMatchObject({
      pass: true,
      figures: { hcePercent: 2, nonHcePercent: 3, hceParticipationRate: 50, nonHceParticipationRate: 50 },
    });
    expect(yes.pass).toBe(true);

    // The same facts entered through step 3 no (everyone eligible): the same verdict.
    const no = evaluateNdt({
      ...passing,
      ...facts,
      ndtAnswer3: false,
      ndtAnswer3a: true,
      ...counts(20, 20, 2, 2),
    });
    expect(row(no, '5a')).toMatchObject({ pass: true, figures: row(yes, '5a').figures });
    expect(no.pass).toBe(yes.pass);

    // And a failing share fails on both paths.
    const failing = { benefitsElectedHces: 20_000 };
    const yesFails = evaluateNdt({ ...viaYes.value, ...failing } as NdtInput);
    const noFails = evaluateNdt({ ...passing, ...facts, ...failing, ...counts(20, 20, 2, 2) });
    expect([yesFails.pass, noFails.pass]).toEqual([false, false]);
  });

  it('all eligible employees HCEs: 3b passes and 5a passes', () => {
    const result = evaluateNdt({
      ...worked,
      ...counts(0, 0, 2, 2),
      participatingHces: 2,
      participatingNonHces: 0,
      grossCompensationNonHces: 0,
      benefitsElectedNonHces: 0,
    });
    expect(row(result, '3b').pass).toBe(true);
    expect(row(result, '5a')).toMatchObject({
      pass: true,
      why: 'No non-HCE is eligible, so HCEs cannot elect benefits disproportionately to them.',
    });
    expect(result.pass).toBe(true);
  });

  it('no HCE participant, or no HCE benefits, passes', () => {
    expect(row(evaluateNdt({ ...worked, participatingHces: 0 }), '5a').pass).toBe(true);
    expect(row(evaluateNdt({ ...worked, benefitsElectedHces: 0 }), '5a').pass).toBe(true);
  });

  it('HCE benefits against no non-HCE participant, or no non-HCE pay, fails', () => {
    const none = evaluateNdt({
      ...worked,
      participatingNonHces: 0,
      grossCompensationNonHces: 0,
      benefitsElectedNonHces: 0,
    });
    expect(row(none, '5a')).toMatchObject({
      pass: false,
      figures: { nonHcePercent: null, averagePayNonHces: null, nonHceParticipationRate: 0 },
      why: 'HCE participants elect benefits while no non-HCE participates.',
    });
    expect(row(none, '5a').remedy).toContain('Enroll non-HCEs');
    expect(
      row(evaluateNdt({ ...worked, grossCompensationNonHces: 0, benefitsElectedNonHces: 0 }), '5a').pass,
    ).toBe(false);
  });
});

describe('key-employee concentration (test D, step 7)', () => {
  it('exactly 25% passes', () => {
    const result = evaluateNdt({ ...passing, totalCostOfBenefits: 1000, totalCostKeyEmployees: 250 });
    expect(row(result, '7')).toMatchObject({
      pass: true,
      figures: { keyEmployeeShare: 25 },
      why: 'Key employees receive 25% of the total cost of benefits, within the 25% limit.',
    });
    expect(result.pass).toBe(true);
  });

  it('above 25% fails, even by a cent', () => {
    const result = evaluateNdt({ ...passing, totalCostOfBenefits: 1000, totalCostKeyEmployees: 250.01 });
    expect(row(result, '7')).toMatchObject({ pass: false, figures: { keyEmployeeShare: 25.001 } });
    expect(row(result, '7').why).toContain('more than the 25% limit');
    expect(result).toMatchObject({ pass: false, ndtResult: 'Fail' });
  });

  it('no cost at all passes', () => {
    expect(row(evaluateNdt({ ...passing, totalCostOfBenefits: 0, totalCostKeyEmployees: 0 }), '7').pass).toBe(
      true,
    );
  });
});

describe('figures are never rounded onto a limit', () => {
  it('shownAgainst: 2 decimals, more only to stay on the exact side and show the distance', () => {
    expect(shownAgainst(21.495, 21.5)).toBe(21.495);
    expect(shownAgainst(25.005, 25)).toBe(25.005);
    expect(shownAgainst(25, 25)).toBe(25);
    expect(shownAgainst(21.4, 21.5)).toBe(21.4);
    expect(shownAgainst(30.12345, 21.5)).toBe(30.12);
    expect(shownAgainst(21.4999996, 21.5)).toBe(21.4999996);
    // Closer than 10 decimals: the limit, nudged to the exact side.
    expect(shownAgainst(25, 25, 1)).toBeGreaterThan(25);
    expect(shownAgainst(25.000000000001, 25)).toBeGreaterThan(25);
    expect(roundTo(21.495, 2)).toBe(21.5);
    expect(roundTo(1.005, 2)).toBe(1.01);
  });

  it('compares exactly on the decimals entered', () => {
    expect(compareProducts([0.1, 3], [0.3])).toBe(0);
    expect(compareProducts([100, 250.01], [25, 1000])).toBe(1);
    expect(compareProducts([1e21], [1e20, 10])).toBe(0);
    expect(compareProducts([1.5e-7], [0.00000015])).toBe(0);
  });

  it('a ratio of 21.495 against a safe harbor of 21.5 shows 21.495 and fails in the band', () => {
    // 12 of 80,000 non-HCEs, 1 of 1,433 HCEs: C 98.24, excess 38 → safe 21.5, unsafe 20.
    const outcome = ratioTest(counts(12, 80_000, 1, 1_433));
    expect(outcome.figures).toMatchObject({ ratio: 21.495, C: 98.24, excess: 38, safe: 21.5, unsafe: 20 });
    expect(outcome).toMatchObject({ pass: false });
    expect(outcome.why).toBe(
      `The ratio 21.495 (safe harbor 21.5, unsafe harbor 20) is ${FACTS_AND_CIRCUMSTANCES}.`,
    );
  });

  it('a ratio of 39.995 against an unsafe harbor of 40 shows 39.995 and fails below it', () => {
    const outcome = ratioTest(counts(19, 50, 400, 421));
    expect(outcome.figures).toMatchObject({ ratio: 39.995, safe: 50, unsafe: 40 });
    expect(outcome).toMatchObject({ pass: false, why: 'The ratio 39.995 is below the unsafe harbor of 40.' });
  });

  it('C just below a whole number shows below it, beside its excess', () => {
    // 4,899 of 4,999 employees: C 97.9996 → excess 37.
    expect(ratioTest(counts(1, 4_899, 1, 100)).figures).toMatchObject({ C: 97.9996, excess: 37 });
  });

  it('key employees at 25.005% show 25.005% and fail', () => {
    const result = evaluateNdt({ ...passing, totalCostOfBenefits: 100_000, totalCostKeyEmployees: 25_005 });
    expect(row(result, '7')).toMatchObject({
      pass: false,
      figures: { keyEmployeeShare: 25.005 },
      why: 'Key employees receive 25.005% of the total cost of benefits, more than the 25% limit.',
      remedy:
        "Reduce key employees' benefits to 25% of the total ($24,998.33 at most while the other employees' benefits stay $74,995.00).",
    });
    expect(result.ndtResult).toBe('Fail');
  });

  it('a share of pay a hair above the other group’s shows above it', () => {
    // 2.00001% against 2%.
    const result = evaluateNdt({
      ...passing,
      ndtAnswer5: false,
      participatingHces: 1,
      participatingNonHces: 1,
      grossCompensationHces: 100_000,
      grossCompensationNonHces: 100_000,
      benefitsElectedHces: 2_000.01,
      benefitsElectedNonHces: 2_000,
    });
    expect(row(result, '5a')).toMatchObject({
      pass: false,
      figures: { hcePercent: 2.00001, nonHcePercent: 2 },
    });
  });
});

describe('validateNdtInput', () => {
  const errorsOf = (input: unknown) => {
    const result = validateNdtInput(input);
    return result.ok ? [] : result.errors;
  };
  const step5No = {
    ...passing,
    ndtAnswer5: false,
    grossCompensationHces: 1,
    grossCompensationNonHces: 1,
    participatingHces: 1,
    participatingNonHces: 1,
    benefitsElectedHces: 0,
    benefitsElectedNonHces: 0,
  };

  it('accepts a full path and zeros, keeping only the fields of the branch taken', () => {
    const zeros = { ...passing, ...counts(0, 0, 0, 0), totalCostOfBenefits: 0, totalCostKeyEmployees: 0 };
    expect(validateNdtInput(zeros)).toEqual({ ok: true, value: zeros });
    const result = validateNdtInput({ ...passing, ndtAnswer3: true, ndtAnswer3b: true, extra: 1 });
    expect(result.ok && Object.keys(result.value)).not.toContain('eligibleHces');
    expect(result.ok && Object.keys(result.value)).not.toContain('ndtAnswer3b');
  });

  it('a group with no participants has no pay and elects nothing', () => {
    const utilization = {
      ...passing,
      ndtAnswer5: false,
      participatingHces: 0,
      grossCompensationHces: 500_000,
      benefitsElectedHces: 50_000,
      participatingNonHces: 0,
      grossCompensationNonHces: 0,
      benefitsElectedNonHces: 10_000,
    };
    expect(errorsOf(utilization)).toEqual([
      'benefitsElectedNonHces cannot be more than grossCompensationNonHces',
      'grossCompensationHces must be 0 when participatingHces is 0',
      'benefitsElectedHces must be 0 when participatingHces is 0',
      'benefitsElectedNonHces must be 0 when participatingNonHces is 0',
    ]);
    const nobody = {
      ...utilization,
      grossCompensationHces: 0,
      benefitsElectedHces: 0,
      benefitsElectedNonHces: 0,
    };
    expect(errorsOf(nobody)).toEqual([]);
  });

  it('accepts the safe harbor without steps 5–7', () => {
    const input = { ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true };
    expect(validateNdtInput({ ...input, ndtAnswer6: 'junk' })).toEqual({ ok: true, value: input });
  });

  it('names the field of a negative number, a non-number, a fraction of a head count', () => {
    expect(errorsOf({ ...passing, eligibleHces: -1 })).toEqual(['eligibleHces must be 0 or greater']);
    expect(errorsOf({ ...passing, totalNonHces: '16' })).toEqual(['totalNonHces must be a number']);
    expect(errorsOf({ ...passing, totalCostOfBenefits: Number.NaN })).toEqual([
      'totalCostOfBenefits must be a number',
    ]);
    expect(errorsOf({ ...passing, totalHces: 4.5 })).toEqual(['totalHces must be a whole number']);
    expect(errorsOf({ ...step5No, benefitsElectedNonHces: -1 })).toEqual([
      'benefitsElectedNonHces must be 0 or greater',
    ]);
  });

  it('refuses eligible > total, and key-employee cost above the total', () => {
    expect(errorsOf({ ...passing, eligibleNonHces: 17 })).toEqual([
      'eligibleNonHces cannot be more than totalNonHces',
    ]);
    expect(errorsOf({ ...passing, totalCostKeyEmployees: 100_001 })).toEqual([
      'totalCostKeyEmployees cannot be more than totalCostOfBenefits',
    ]);
  });

  it('refuses more participants than eligible employees', () => {
    expect(errorsOf({ ...step5No, participatingHces: 5 })).toEqual([
      'participatingHces cannot be more than eligibleHces',
    ]);
    // Step 3 yes: everyone is eligible, so the totals bound the participants.
    expect(errorsOf({ ...step5No, ndtAnswer3: true, participatingNonHces: 17 })).toEqual([
      'participatingNonHces cannot be more than totalNonHces',
    ]);
  });

  it('refuses benefits elected above the group’s compensation', () => {
    expect(errorsOf({ ...step5No, benefitsElectedHces: 2, benefitsElectedNonHces: 1.5 })).toEqual([
      'benefitsElectedHces cannot be more than grossCompensationHces',
      'benefitsElectedNonHces cannot be more than grossCompensationNonHces',
    ]);
    expect(errorsOf({ ...step5No, benefitsElectedHces: 1, benefitsElectedNonHces: 1 })).toEqual([]);
  });

  it('asks for the sub-answers of the branch taken', () => {
    const { ndtAnswer3a, eligibleHces, ...withoutStep3No } = passing;
    expect([ndtAnswer3a, eligibleHces]).toBeDefined();
    expect(errorsOf(withoutStep3No)).toEqual(['ndtAnswer3a is required', 'eligibleHces is required']);
    expect(errorsOf({ ...passing, ndtAnswer5: false })).toEqual([
      'grossCompensationHces is required',
      'grossCompensationNonHces is required',
      'participatingHces is required',
      'participatingNonHces is required',
      'benefitsElectedHces is required',
      'benefitsElectedNonHces is required',
    ]);
  });

  it('after step 3 yes, step 5a asks the totals and takes them as the eligible counts', () => {
    const { totalNonHces, totalHces, eligibleNonHces, eligibleHces, ndtAnswer3a, ...rest } = step5No;
    expect([totalNonHces, totalHces, eligibleNonHces, eligibleHces, ndtAnswer3a]).toBeDefined();
    expect(errorsOf({ ...rest, ndtAnswer3: true })).toEqual([
      'totalNonHces is required',
      'totalHces is required',
    ]);
    // Eligible counts sent on this path are dropped: eligible = total.
    const result = validateNdtInput({ ...rest, ndtAnswer3: true, ...counts(1, 16, 1, 4) });
    expect(result.ok && result.value).toMatchObject(counts(16, 16, 4, 4));
    expect(result.ok && Object.keys(result.value)).not.toContain('ndtAnswer3a');
    // Step 3 yes and step 5 yes: no head counts at all.
    const step5Yes = validateNdtInput({ ...passing, ndtAnswer3: true });
    expect(step5Yes.ok && Object.keys(step5Yes.value)).not.toContain('totalHces');
  });

  it('asks for every yes/no of the path and steps 5–7 when 1–4 are not all yes', () => {
    expect(errorsOf(undefined)).toEqual([
      'ndtAnswer1 is required',
      'ndtAnswer2 is required',
      'ndtAnswer3 is required',
      'ndtAnswer4 is required',
      'ndtAnswer5 is required',
      'ndtAnswer6 is required',
      'totalCostOfBenefits is required',
      'totalCostKeyEmployees is required',
    ]);
    expect(errorsOf({ ...passing, ndtAnswer2: 'yes', name: 3 })).toEqual([
      'name must be text',
      'ndtAnswer2 must be true or false',
    ]);
  });
});
