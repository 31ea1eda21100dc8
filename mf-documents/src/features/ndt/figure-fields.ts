import { formatMoney } from 'shared-ui';
import { amountsWithoutParticipants, tooLarge, type FigureName, type NdtAnswers } from './wizard.js';
import type { NdtStep } from 'shared-domain';

/**
 * The wizard's figure fields (steps 3b, 5a and 7): each one's label, what it is (the hint under it),
 * and whether it is an amount of whole dollars (shown with "($)", as every amount of the wizard).
 */
export interface FigureField {
  label: string;
  hint?: string;
  dollars?: boolean;
}

export const FIGURE_FIELDS: Readonly<Record<FigureName, FigureField>> = {
  totalNonHces: { label: 'Total non-HCEs' },
  eligibleNonHces: { label: 'Eligible non-HCEs' },
  totalHces: { label: 'Total HCEs' },
  eligibleHces: { label: 'Eligible HCEs' },
  participatingHces: {
    label: 'Participating HCEs',
    hint: 'The HCEs who elect benefits through the plan.',
  },
  grossCompensationHces: {
    label: 'Total pay of participating HCEs',
    hint: 'Total pay of the HCEs who participate, for the plan year.',
    dollars: true,
  },
  benefitsElectedHces: {
    label: 'Benefits elected by participating HCEs',
    hint: 'Premiums they pay before tax through the plan, per year.',
    dollars: true,
  },
  participatingNonHces: {
    label: 'Participating non-HCEs',
    hint: 'The other employees who elect benefits through the plan.',
  },
  grossCompensationNonHces: {
    label: 'Total pay of participating non-HCEs',
    hint: 'Total pay of the non-HCEs who participate, for the plan year.',
    dollars: true,
  },
  benefitsElectedNonHces: {
    label: 'Benefits elected by participating non-HCEs',
    hint: 'Premiums they pay before tax through the plan, per year.',
    dollars: true,
  },
  totalCostOfBenefits: { label: 'Total cost of benefits', dollars: true },
  totalCostKeyEmployees: { label: 'Total cost of benefits for key employees', dollars: true },
};

/** A field's label as shown: amounts carry "($)". */
export const labelOf = (name: FigureName) => {
  const { label, dollars } = FIGURE_FIELDS[name];
  return dollars ? `${label} ($)` : label;
};

const valueText = (name: FigureName, value: number) =>
  FIGURE_FIELDS[name].dollars ? formatMoney(value) : value.toLocaleString('en-US');

/**
 * The step's errors for Formik: a figure more than the figure it is part of says which, and its value
 * ("Cannot be more than eligible HCEs (4)."), under the field.
 */
export function stepErrors(step: NdtStep, answers: NdtAnswers): Partial<Record<FigureName, string>> {
  const errors: Partial<Record<FigureName, string>> = {};
  for (const [part, whole] of Object.entries(tooLarge(step, answers)) as [FigureName, FigureName][]) {
    const limit = answers[whole];
    const label = FIGURE_FIELDS[whole].label;
    errors[part] =
      `Cannot be more than ${label.charAt(0).toLowerCase()}${label.slice(1)}` +
      (typeof limit === 'number' ? ` (${valueText(whole, limit)}).` : '.');
  }
  for (const amount of amountsWithoutParticipants(step, answers))
    errors[amount] ??= 'Must be 0 when nobody in this group participates.';
  return errors;
}
