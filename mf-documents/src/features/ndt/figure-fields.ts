import { formatMoney } from 'shared-ui';
import {
  amountsWithoutParticipants,
  ANSWER_OF,
  figuresOf,
  tooLarge,
  type FigureName,
  type NdtAnswers,
} from './wizard.js';
import type { NdtStep } from 'shared-domain';

/**
 * The wizard's figure fields (steps 3b, 5a and 7): each one's label, what it is (the hint under it),
 * and whether it is an amount of whole dollars (shown with "($)", as every amount of the wizard).
 */
export interface FigureField {
  label: string;
  hint?: string;
  dollars?: boolean;
  /** What to enter, in the reason Next cannot go on yet ('Enter {asked} to continue.'). */
  asked: string;
}

export const FIGURE_FIELDS: Readonly<Record<FigureName, FigureField>> = {
  totalNonHces: { label: 'Total non-HCEs', asked: 'the total number of non-HCEs' },
  eligibleNonHces: { label: 'Eligible non-HCEs', asked: 'the number of eligible non-HCEs' },
  totalHces: { label: 'Total HCEs', asked: 'the total number of HCEs' },
  eligibleHces: { label: 'Eligible HCEs', asked: 'the number of eligible HCEs' },
  participatingHces: {
    label: 'Participating HCEs',
    hint: 'The HCEs who elect benefits through the plan.',
    asked: 'the number of participating HCEs',
  },
  grossCompensationHces: {
    label: 'Total pay of participating HCEs',
    hint: 'Total pay of the HCEs who participate, for the plan year.',
    dollars: true,
    asked: 'the total pay of participating HCEs',
  },
  benefitsElectedHces: {
    label: 'Benefits elected by participating HCEs',
    hint: 'Premiums they pay before tax through the plan, per year.',
    dollars: true,
    asked: 'the benefits elected by participating HCEs',
  },
  participatingNonHces: {
    label: 'Participating non-HCEs',
    hint: 'The other employees who elect benefits through the plan.',
    asked: 'the number of participating non-HCEs',
  },
  grossCompensationNonHces: {
    label: 'Total pay of participating non-HCEs',
    hint: 'Total pay of the non-HCEs who participate, for the plan year.',
    dollars: true,
    asked: 'the total pay of participating non-HCEs',
  },
  benefitsElectedNonHces: {
    label: 'Benefits elected by participating non-HCEs',
    hint: 'Premiums they pay before tax through the plan, per year.',
    dollars: true,
    asked: 'the benefits elected by participating non-HCEs',
  },
  totalCostOfBenefits: {
    label: 'Total cost of benefits',
    dollars: true,
    asked: 'the total cost of benefits',
  },
  totalCostKeyEmployees: {
    label: 'Total cost of benefits for key employees',
    dollars: true,
    asked: 'the total cost of benefits for key employees',
  },
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

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Why the step's Next (or Submit) cannot go on yet, or null when it can: the question unanswered, a
 * figure its own step refuses (first: it is what was just typed; said in other words than the message
 * under the field, which it names), or the first figure still empty. Shown next to the disabled button and tied to it (aria-describedby).
 */
export function nextReason(step: NdtStep, answers: NdtAnswers): string | null {
  const answer = ANSWER_OF[step];
  if (answer) return answers[answer] === null ? 'Answer Yes or No to continue.' : null;
  const figures = figuresOf(step, answers);
  const large = tooLarge(step, answers);
  const withoutParticipants = amountsWithoutParticipants(step, answers);
  const problems = figures.flatMap((name) => {
    const whole = large[name];
    if (whole) {
      const limit = answers[whole];
      const shown = typeof limit === 'number' ? ` (${valueText(whole, limit)})` : '';
      return [
        `“${FIGURE_FIELDS[name].label}” is more than ${lowerFirst(FIGURE_FIELDS[whole].label)}${shown}.`,
      ];
    }
    if (withoutParticipants.includes(name))
      return [`“${FIGURE_FIELDS[name].label}” is more than 0 while nobody in its group participates.`];
    return [];
  });
  if (problems.length > 0)
    return `${problems.join(' ')} Correct ${problems.length > 1 ? 'them' : 'it'} to continue.`;
  const [first, ...others] = figures.filter((name) => typeof answers[name] !== 'number');
  if (first) {
    const more = others.length;
    return (
      `Enter ${FIGURE_FIELDS[first].asked}` +
      (more > 0 ? ` and ${more} more figure${more > 1 ? 's' : ''}` : '') +
      ' to continue.'
    );
  }
  return null;
}
