import { describe, expect, it } from '@jest/globals';
import { changedAnswers, draftValuesOf, restoredValues, sameAnswers } from './draft.js';

describe("the order form's draft", () => {
  it('keeps the form’s answers as typed, and leaves out what the API would refuse', () => {
    const values = {
      city: 'Austin',
      totalNumAtStartPlanYear: '',
      totalNumBenefitEligible: 20,
      isERISA: null,
      affiliates: true,
      otherBenefitsOffered: 'x'.repeat(501),
      currentPlanYearStartDate: '13/45',
      notAField: 'dropped',
    };
    expect(draftValuesOf(values)).toEqual({
      city: 'Austin',
      totalNumAtStartPlanYear: '',
      totalNumBenefitEligible: 20,
      isERISA: null,
      affiliates: true,
      currentPlanYearStartDate: '13/45',
    });
    expect(sameAnswers(values, { ...values, notAField: 'other' })).toBe(true);
    expect(sameAnswers(values, { ...values, city: 'Dallas' })).toBe(false);
    expect(restoredValues({ city: 'Austin', extra: 1 }, { city: 'Dallas' })).toEqual({
      city: 'Dallas',
      extra: 1,
    });
  });

  it('keeps only what the user changed, so a document changed meanwhile keeps its other new values', () => {
    const loaded = { city: 'Austin', phone: '5125550100', agentNumber: 'AG1' };
    const typed = { ...loaded, city: 'Dallas' };
    const draft = changedAnswers(typed, loaded);
    expect(draft).toEqual({ city: 'Dallas' });
    // Compliance changed the phone and the agent number since: the restore keeps theirs.
    const current = { city: 'Austin', phone: '5125550199', agentNumber: 'AG2' };
    expect(restoredValues(current, draft)).toEqual({
      city: 'Dallas',
      phone: '5125550199',
      agentNumber: 'AG2',
    });
  });
});
