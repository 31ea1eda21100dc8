import { describe, expect, it } from '@jest/globals';
import {
  FACTS_AND_CIRCUMSTANCES,
  evaluateNdt,
  isHce,
  isKeyEmployee,
  keyEmployeeDefinition,
  ndtLimits,
  ratioTest,
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
    expect(row(result, '3b').pass).toBe(false);
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

describe('the premium-only safe harbor (test B)', () => {
  it('steps 1–4 all yes pass at once, with no row for steps 5–7', () => {
    const result = evaluateNdt({ ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true });
    expect(result).toMatchObject({ pass: true, ndtResult: 'Pass', safeHarbor: true });
    expect(result.results.map((r) => r.step)).toEqual(['1', '2', '3', '4']);
    expect(result.results.every((r) => r.pass && r.answer === true)).toBe(true);
    expect(row(result, '4').why).toContain('safe harbor');
  });

  it('even failing figures of steps 5–7 are not looked at', () => {
    const input = { ...passing, ndtAnswer3: true, ndtAnswer4: true, ndtAnswer6: false } as NdtInput;
    expect(evaluateNdt(input)).toMatchObject({ pass: true, safeHarbor: true });
  });

  it('a premium-only plan without yes to 1–3 goes on to steps 5–7', () => {
    const result = evaluateNdt({ ...passing, ndtAnswer4: true });
    expect(result.safeHarbor).toBe(false);
    expect(result.results.map((r) => r.step)).toEqual(['1', '2', '3', '3a', '3b', '4', '5', '6', '7']);
  });
});

describe('the yes/no steps', () => {
  it.each(['ndtAnswer1', 'ndtAnswer2', 'ndtAnswer3a', 'ndtAnswer6'] as const)('%s no fails', (field) => {
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
      grossCompensationHces: 0,
      grossCompensationNonHces: 0,
      participatingHces: 0,
      participatingNonHces: 0,
    });
    expect(row(result, '3').pass).toBe(true);
    expect(row(result, '4').pass).toBe(true);
    expect(row(result, '5').pass).toBe(true);
    expect(result.results.map((r) => r.step)).toEqual(['1', '2', '3', '4', '5', '5a', '6', '7']);
  });

  it('3 yes skips 3a and 3b and passes the eligibility test', () => {
    const result = evaluateNdt({ ...passing, ndtAnswer3: true });
    expect(result.results.map((r) => r.step)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(result.pass).toBe(true);
  });
});

describe('utilization (step 5a)', () => {
  const step5No = {
    ...passing,
    ndtAnswer5: false,
    grossCompensationHces: 800_000,
    grossCompensationNonHces: 480_000,
    participatingHces: 2,
    participatingNonHces: 8,
  } satisfies NdtFullAnswers;

  it('passes when the HCE rate is no higher than the non-HCE rate, with the average pay beside it', () => {
    // HCEs 2 of 4 = 50%, non-HCEs 8 of 12 = 66.67%.
    const result = evaluateNdt(step5No);
    expect(row(result, '5a')).toMatchObject({
      pass: true,
      figures: { hceRate: 50, nonHceRate: 66.67, averagePayHces: 400_000, averagePayNonHces: 60_000 },
      why: 'HCEs participate at 50%, no more than the 66.67% of other employees.',
    });
    expect(result.pass).toBe(true);
  });

  it('equal rates pass, a higher HCE rate fails', () => {
    expect(row(evaluateNdt({ ...step5No, participatingHces: 3, participatingNonHces: 9 }), '5a').pass).toBe(
      true,
    );
    const result = evaluateNdt({ ...step5No, participatingHces: 4 });
    expect(row(result, '5a')).toMatchObject({
      pass: false,
      why: 'HCEs participate at 100%, more than the 66.67% of other employees.',
    });
    expect(result.pass).toBe(false);
  });

  it('without the head counts (step 3 yes) the answer to step 5 stands', () => {
    const result = evaluateNdt({ ...step5No, ndtAnswer3: true });
    expect(row(result, '5a').pass).toBe(false);
    expect(row(result, '5a').why).toContain('answer to step 5 stands');
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
    expect(row(result, '7').pass).toBe(false);
    expect(row(result, '7').why).toContain('more than the 25% limit');
    expect(result).toMatchObject({ pass: false, ndtResult: 'Fail' });
  });

  it('no cost at all passes', () => {
    expect(row(evaluateNdt({ ...passing, totalCostOfBenefits: 0, totalCostKeyEmployees: 0 }), '7').pass).toBe(
      true,
    );
  });
});

describe('who is who', () => {
  it('keeps the limits by plan year, the nearest year outside the table', () => {
    expect(ndtLimits(2025)).toEqual({ hceCompensation: 155_000, officerCompensation: 230_000 });
    expect(ndtLimits(2026)).toEqual({ hceCompensation: 160_000, officerCompensation: 235_000 });
    expect(ndtLimits(2030)).toEqual(ndtLimits(2026));
    expect(ndtLimits(2020)).toEqual(ndtLimits(2025));
  });

  it('an officer paid over the officer limit is a key employee (the rule the specs omit)', () => {
    expect(isKeyEmployee({ officer: true, compensation: 230_001 }, 2025)).toBe(true);
    expect(isKeyEmployee({ officer: true, compensation: 230_001 }, 2026)).toBe(false);
    expect(isKeyEmployee({ ownershipPercent: 5.5 }, 2026)).toBe(true);
    expect(isKeyEmployee({ ownershipPercent: 2, compensation: 150_001 }, 2026)).toBe(true);
    expect(isKeyEmployee({ ownershipPercent: 2, compensation: 150_000 }, 2026)).toBe(false);
    expect(keyEmployeeDefinition(2026)).toBe(
      'A key employee is an officer paid more than $235,000, an owner of more than 5%, or an owner of more than 1% paid more than $150,000.',
    );
  });

  it('an HCE: officer, owner over 5%, paid over last year’s limit, or family', () => {
    expect(isHce({ priorYearCompensation: 155_001 }, 2025)).toBe(true);
    expect(isHce({ priorYearCompensation: 155_001 }, 2026)).toBe(false);
    expect(isHce({ officer: true }, 2026)).toBe(true);
    expect(isHce({ familyOfHce: true }, 2026)).toBe(true);
    expect(isHce({ ownershipPercent: 5 }, 2026)).toBe(false);
  });
});

describe('validateNdtInput', () => {
  const errorsOf = (input: unknown) => {
    const result = validateNdtInput(input);
    return result.ok ? [] : result.errors;
  };

  it('accepts a full path and zeros, keeping only the fields of the branch taken', () => {
    const zeros = { ...passing, ...counts(0, 0, 0, 0), totalCostOfBenefits: 0, totalCostKeyEmployees: 0 };
    expect(validateNdtInput(zeros)).toEqual({ ok: true, value: zeros });
    const result = validateNdtInput({ ...passing, ndtAnswer3: true, ndtAnswer3b: true, extra: 1 });
    expect(result.ok && Object.keys(result.value)).not.toContain('eligibleHces');
    expect(result.ok && Object.keys(result.value)).not.toContain('ndtAnswer3b');
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
  });

  it('refuses eligible > total, and key-employee cost above the total', () => {
    expect(errorsOf({ ...passing, eligibleNonHces: 17 })).toEqual([
      'eligibleNonHces cannot be more than totalNonHces',
    ]);
    expect(errorsOf({ ...passing, totalCostKeyEmployees: 100_001 })).toEqual([
      'totalCostKeyEmployees cannot be more than totalCostOfBenefits',
    ]);
  });

  it('refuses more participants than eligible employees when the counts are known', () => {
    const step5No = {
      ...passing,
      ndtAnswer5: false,
      grossCompensationHces: 1,
      grossCompensationNonHces: 1,
      participatingHces: 5,
      participatingNonHces: 1,
    };
    expect(errorsOf(step5No)).toEqual(['participatingHces cannot be more than eligibleHces']);
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
    ]);
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
