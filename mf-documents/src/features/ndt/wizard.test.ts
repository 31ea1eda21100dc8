import { describe, expect, it } from '@jest/globals';
import { validateNdtInput } from 'shared-domain';
import { nextReason, stepErrors } from './figure-fields.js';
import {
  answersOf,
  EMPTY_ANSWERS,
  figuresOf,
  isAnswered,
  nextStep,
  payloadOf,
  previousStep,
  progressOf,
  stepsTaken,
  stepToChange,
  tooLarge,
  type NdtAnswers,
} from './wizard.js';

const answers = (changes: Partial<NdtAnswers>): NdtAnswers => ({ ...EMPTY_ANSWERS, ...changes });

/** Every step answered, the long way round (3 no, 5 no), so each case changes one branch. */
const longest = answers({
  ndtAnswer1: true,
  ndtAnswer2: true,
  ndtAnswer3: false,
  ndtAnswer3a: true,
  totalNonHces: 16,
  eligibleNonHces: 12,
  totalHces: 4,
  eligibleHces: 4,
  ndtAnswer4: false,
  ndtAnswer5: false,
  participatingHces: 2,
  grossCompensationHces: 800_000,
  benefitsElectedHces: 40_000,
  participatingNonHces: 8,
  grossCompensationNonHces: 480_000,
  benefitsElectedNonHces: 24_000,
  ndtAnswer6: true,
  totalCostOfBenefits: 100_000,
  totalCostKeyEmployees: 20_000,
});

describe('the NDT wizard’s branches (specs/2-documents.md §4)', () => {
  it('1–4 all yes is the safe harbor: step 4 submits at once', () => {
    const safe = answers({ ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true });
    expect(stepsTaken(safe)).toEqual(['1', '2', '3', '4']);
    expect(nextStep('4', safe)).toBe('submit');
    expect(payloadOf(safe)).toEqual({
      ndtAnswer1: true,
      ndtAnswer2: true,
      ndtAnswer3: true,
      ndtAnswer4: true,
    });
  });

  it('step 3 yes goes to 4; no goes to 3a, 3b, then 4', () => {
    expect(nextStep('3', answers({ ndtAnswer3: true }))).toBe('4');
    expect(nextStep('3', answers({ ndtAnswer3: false }))).toBe('3a');
    expect(nextStep('3a', longest)).toBe('3b');
    expect(nextStep('3b', longest)).toBe('4');
  });

  it('a no among 1–4 goes on to 5; 5 yes goes to 6, no to 5a then 6; 6 to 7; 7 submits', () => {
    for (const no of ['ndtAnswer1', 'ndtAnswer2', 'ndtAnswer3', 'ndtAnswer4'] as const) {
      const one = answers({
        ndtAnswer1: true,
        ndtAnswer2: true,
        ndtAnswer3: true,
        ndtAnswer4: true,
        [no]: false,
      });
      expect(nextStep('4', one)).toBe('5');
    }
    expect(nextStep('5', answers({ ndtAnswer5: true }))).toBe('6');
    expect(nextStep('5', answers({ ndtAnswer5: false }))).toBe('5a');
    expect(nextStep('5a', longest)).toBe('6');
    expect(nextStep('6', longest)).toBe('7');
    expect(nextStep('7', longest)).toBe('submit');
  });

  it('the longest path asks all ten steps, the shortest full one seven', () => {
    expect(stepsTaken(longest)).toEqual(['1', '2', '3', '3a', '3b', '4', '5', '5a', '6', '7']);
    expect(stepsTaken({ ...longest, ndtAnswer3: true, ndtAnswer5: true })).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
  });

  it('Back returns to the step that led here', () => {
    expect(previousStep('1', longest)).toBe('instructions');
    expect(previousStep('4', longest)).toBe('3b');
    expect(previousStep('4', { ...longest, ndtAnswer3: true })).toBe('3');
    expect(previousStep('6', longest)).toBe('5a');
    expect(previousStep('6', { ...longest, ndtAnswer5: true })).toBe('5');
    expect(previousStep('3b', longest)).toBe('3a');
    expect(previousStep('7', longest)).toBe('6');
  });
});

describe('when a step is answered (its Next shows)', () => {
  it('a yes/no step once either answer is chosen', () => {
    expect(isAnswered('1', EMPTY_ANSWERS)).toBe(false);
    expect(isAnswered('1', answers({ ndtAnswer1: false }))).toBe(true);
    expect(isAnswered('3a', answers({ ndtAnswer3a: true }))).toBe(true);
  });

  it('3b only with all four counts, zero included', () => {
    const three = answers({ totalNonHces: 0, eligibleNonHces: 0, totalHces: 0 });
    expect(isAnswered('3b', three)).toBe(false);
    expect(isAnswered('3b', { ...three, eligibleHces: 0 })).toBe(true);
  });

  it('5a only with its six figures, 7 only with both', () => {
    expect(isAnswered('5a', { ...longest, participatingNonHces: '' })).toBe(false);
    expect(isAnswered('5a', { ...longest, benefitsElectedHces: '' })).toBe(false);
    expect(isAnswered('5a', longest)).toBe(true);
    expect(isAnswered('7', { ...longest, totalCostKeyEmployees: '' })).toBe(false);
    expect(isAnswered('7', { ...longest, totalCostOfBenefits: 0, totalCostKeyEmployees: 0 })).toBe(true);
  });
});

describe('step 5a asks the head counts it needs (the domain note)', () => {
  it('after step 3 no: participants, pay and benefits per group (3b has the counts)', () => {
    expect(figuresOf('5a', longest)).toEqual([
      'participatingHces',
      'grossCompensationHces',
      'benefitsElectedHces',
      'participatingNonHces',
      'grossCompensationNonHces',
      'benefitsElectedNonHces',
    ]);
  });

  it('after step 3 yes: the two totals as well, which Next waits for', () => {
    const allEligible = { ...longest, ndtAnswer3: true, totalNonHces: '', totalHces: '' } as const;
    expect(figuresOf('5a', allEligible).slice(0, 2)).toEqual(['totalNonHces', 'totalHces']);
    expect(figuresOf('5a', allEligible)).toHaveLength(8);
    expect(isAnswered('5a', allEligible)).toBe(false);
    expect(isAnswered('5a', { ...allEligible, totalNonHces: 10 })).toBe(false);
    expect(isAnswered('5a', { ...allEligible, totalNonHces: 10, totalHces: 0 })).toBe(true);
  });
});

describe('a figure more than the one it is part of stops its Next', () => {
  it('3b: eligible within total', () => {
    expect(tooLarge('3b', longest)).toEqual({});
    expect(tooLarge('3b', { ...longest, eligibleHces: 5 })).toEqual({ eligibleHces: 'totalHces' });
    expect(stepErrors('3b', { ...longest, eligibleNonHces: 17 })).toEqual({
      eligibleNonHces: 'Cannot be more than total non-HCEs (16).',
    });
  });

  it('5a: a group nobody participates in has no pay and elects nothing, as the server checks', () => {
    const nobody = { ...longest, participatingHces: 0, grossCompensationHces: 0, benefitsElectedHces: 0 };
    expect(stepErrors('5a', nobody)).toEqual({});
    expect(
      stepErrors('5a', { ...nobody, grossCompensationHces: 500_000, benefitsElectedHces: 50_000 }),
    ).toEqual({
      grossCompensationHces: 'Must be 0 when nobody in this group participates.',
      benefitsElectedHces: 'Must be 0 when nobody in this group participates.',
    });
    const refused = validateNdtInput(payloadOf({ ...nobody, grossCompensationHces: 500_000 }));
    expect(refused.ok).toBe(false);
  });

  it('5a: participants within the eligible (3b’s, or the totals after step 3 yes), benefits within pay', () => {
    expect(tooLarge('5a', longest)).toEqual({});
    expect(tooLarge('5a', { ...longest, participatingHces: 5, benefitsElectedNonHces: 480_001 })).toEqual({
      participatingHces: 'eligibleHces',
      benefitsElectedNonHces: 'grossCompensationNonHces',
    });
    const allEligible = { ...longest, ndtAnswer3: true, totalNonHces: 10, totalHces: 2, eligibleHces: 0 };
    expect(tooLarge('5a', { ...allEligible, participatingHces: 2 })).toEqual({});
    expect(stepErrors('5a', { ...allEligible, participatingHces: 3, benefitsElectedHces: 900_000 })).toEqual({
      participatingHces: 'Cannot be more than total HCEs (2).',
      benefitsElectedHces: 'Cannot be more than total pay of participating HCEs ($800,000.00).',
    });
  });

  it('7: the key employees’ cost within the total; yes/no steps never', () => {
    expect(tooLarge('7', { ...longest, totalCostKeyEmployees: 100_001 })).toEqual({
      totalCostKeyEmployees: 'totalCostOfBenefits',
    });
    expect(stepErrors('1', longest)).toEqual({});
  });
});

describe('what is sent: the fields of the branch taken, which the server accepts', () => {
  it('3 no and 5 no: every field', () => {
    const payload = payloadOf({ ...longest, name: '  Pat Doe ' });
    expect(payload).toEqual({ ...longest, name: 'Pat Doe' });
    expect(validateNdtInput(payload).ok).toBe(true);
  });

  it('3 yes and 5 no: step 5a’s figures with the totals only (eligible = total), which the server accepts', () => {
    const payload = payloadOf({
      ...longest,
      ndtAnswer3: true,
      totalNonHces: 10,
      totalHces: 2,
      participatingHces: 1,
    });
    expect(payload).toEqual({
      ndtAnswer1: true,
      ndtAnswer2: true,
      ndtAnswer3: true,
      ndtAnswer4: false,
      ndtAnswer5: false,
      totalNonHces: 10,
      totalHces: 2,
      participatingHces: 1,
      grossCompensationHces: 800_000,
      benefitsElectedHces: 40_000,
      participatingNonHces: 8,
      grossCompensationNonHces: 480_000,
      benefitsElectedNonHces: 24_000,
      ndtAnswer6: true,
      totalCostOfBenefits: 100_000,
      totalCostKeyEmployees: 20_000,
    });
    expect(validateNdtInput(payload).ok).toBe(true);
  });

  it('3 yes and 5 yes: no head counts, no amounts, even when typed on a branch left behind', () => {
    const payload = payloadOf({ ...longest, ndtAnswer3: true, ndtAnswer5: true });
    expect(Object.keys(payload).sort()).toEqual(
      [
        'ndtAnswer1',
        'ndtAnswer2',
        'ndtAnswer3',
        'ndtAnswer4',
        'ndtAnswer5',
        'ndtAnswer6',
        'totalCostOfBenefits',
        'totalCostKeyEmployees',
      ].sort(),
    );
    expect(validateNdtInput(payload).ok).toBe(true);
  });

  it('the safe harbor sends steps 1–4 only, without a blank name', () => {
    const payload = payloadOf({
      ...longest,
      name: '   ',
      ndtAnswer3: true,
      ndtAnswer4: true,
    });
    expect(payload).toEqual({ ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true });
  });
});

describe('why Next cannot go on yet', () => {
  it('a yes/no step until it is answered', () => {
    expect(nextReason('3', EMPTY_ANSWERS)).toBe('Answer Yes or No to continue.');
    expect(nextReason('3', answers({ ndtAnswer3: false }))).toBeNull();
  });

  it('a figures step names the first empty figure, and how many more (zero is an answer)', () => {
    expect(nextReason('3b', EMPTY_ANSWERS)).toBe(
      'Enter the total number of non-HCEs and 3 more figures to continue.',
    );
    expect(nextReason('3b', answers({ totalNonHces: 0, eligibleNonHces: 0, totalHces: 0 }))).toBe(
      'Enter the number of eligible HCEs to continue.',
    );
    expect(nextReason('7', answers({ totalCostKeyEmployees: 0 }))).toBe(
      'Enter the total cost of benefits to continue.',
    );
    expect(
      nextReason('3b', answers({ totalNonHces: 0, eligibleNonHces: 0, totalHces: 0, eligibleHces: 0 })),
    ).toBeNull();
  });

  it('a figure more than its whole, or an amount for a group nobody is in, each named', () => {
    expect(nextReason('3b', { ...longest, eligibleNonHces: 17, eligibleHces: 5 })).toBe(
      '“Eligible non-HCEs” is more than total non-HCEs (16). “Eligible HCEs” is more than total HCEs (4). Correct them to continue.',
    );
    expect(nextReason('5a', { ...longest, participatingHces: 0 })).toBe(
      '“Total pay of participating HCEs” is more than 0 while nobody in its group participates. “Benefits elected by participating HCEs” is more than 0 while nobody in its group participates. Correct them to continue.',
    );
    expect(nextReason('7', { ...longest, totalCostKeyEmployees: 100_001 })).toBe(
      '“Total cost of benefits for key employees” is more than total cost of benefits ($100,000.00). Correct it to continue.',
    );
    for (const step of stepsTaken(longest)) expect(nextReason(step, longest)).toBeNull();
  });
});

describe('the progress', () => {
  const states = (step: Parameters<typeof progressOf>[0], given: NdtAnswers) =>
    progressOf(step, given).items.map((item) => item.state);

  it('counts the main steps 1–7, a sub-step within its step', () => {
    expect(progressOf('1', EMPTY_ANSWERS)).toMatchObject({ position: 1, total: 7 });
    expect(states('3b', longest)).toEqual([
      'completed',
      'completed',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(progressOf('3b', longest).items[2]).toEqual({
      step: '3',
      name: 'Who is eligible',
      state: 'current',
      subStep: '3b',
    });
    expect(progressOf('5a', longest)).toMatchObject({ position: 5, total: 7 });
  });

  it('1–4 all yes (submitted after step 4): Step 4 of 4, steps 5–7 not needed', () => {
    const safeHarbor = answers({ ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true });
    expect(progressOf('4', safeHarbor)).toMatchObject({ position: 4, total: 4 });
    expect(states('4', safeHarbor).slice(4)).toEqual(['not needed', 'not needed', 'not needed']);
    expect(progressOf('4', { ...safeHarbor, ndtAnswer4: false }).total).toBe(7);
  });
});

describe('changing a stored test’s answers', () => {
  it('takes each field of the wizard that has its type, and leaves the rest empty', () => {
    const stored = {
      ...payloadOf(longest),
      name: 'Pat Doe',
      ndtResult: 'Fail',
      totalHces: 'four',
      ndtAnswer5a: true,
    };
    expect(answersOf(stored)).toEqual({ ...longest, name: 'Pat Doe', totalHces: '' });
    expect(answersOf({})).toEqual(EMPTY_ANSWERS);
  });

  it('opens the failed step when the answers take it, else step 1', () => {
    expect(stepToChange('5a', longest)).toBe('5a');
    expect(stepToChange('3b', { ...longest, ndtAnswer3: true })).toBe('1');
  });
});
