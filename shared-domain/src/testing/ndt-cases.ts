import type { NdtFullAnswers } from '../ndt/types.js';

/**
 * The domain note's worked NDT cases (../shared/domain/non-discrimination-testing.md), as the wizard
 * sends them, for the tests that post them through the API.
 */

/**
 * Test B: 2 HCEs (2 eligible), 8 non-HCEs (6 eligible, part-timers excluded: step 3 no, 3a yes), ratio 75
 * against a safe harbor of 35, premium-only, step 2 answered no, key employees 40% of the cost → Pass.
 */
export const NDT_WORKED_TEST_B = {
  ndtAnswer1: true,
  ndtAnswer2: false,
  ndtAnswer3: false,
  ndtAnswer3a: true,
  totalNonHces: 8,
  eligibleNonHces: 6,
  totalHces: 2,
  eligibleHces: 2,
  ndtAnswer4: true,
  ndtAnswer5: true,
  ndtAnswer6: true,
  totalCostOfBenefits: 100_000,
  totalCostKeyEmployees: 40_000,
} satisfies NdtFullAnswers;

/**
 * Utilization: step 5 no after step 3 yes (everyone eligible: 4 HCEs, 12 non-HCEs), half of each group
 * participating; HCEs elect $40,000 on $800,000 of pay (5%), non-HCEs $16,000 on $800,000 (2%) → Fail.
 */
export const NDT_WORKED_UTILIZATION_FAIL = {
  ndtAnswer1: true,
  ndtAnswer2: true,
  ndtAnswer3: true,
  ndtAnswer4: false,
  ndtAnswer5: false,
  totalNonHces: 12,
  totalHces: 4,
  participatingHces: 2,
  participatingNonHces: 6,
  grossCompensationHces: 800_000,
  grossCompensationNonHces: 800_000,
  benefitsElectedHces: 40_000,
  benefitsElectedNonHces: 16_000,
  ndtAnswer6: true,
  totalCostOfBenefits: 56_000,
  totalCostKeyEmployees: 10_000,
};
