import type { BenefitFlag } from 'shared-domain/forms';

/** The pre-tax benefit flags as the form and the review name them (specs/2-documents.md §2 step 4). */
export const BENEFIT_LABELS: Record<BenefitFlag, string> = {
  healthInsurance: 'Health Insurance',
  vision: 'Vision',
  dental: 'Dental',
  hsa: 'HSA',
  groupTermLife: 'Group Term Life',
  specifiedDiseaseOrIllness: 'Specified Disease or Illness',
  accident: 'Accident',
  accidentalDeath: 'Accidental Death',
  hospitalConfinement: 'Hospital Confinement',
  bridge: 'Bridge',
  disability: 'Disability',
};
