import type { NdtStep } from 'shared-domain';
import { NumericField, YesNoField } from 'shared-ui/forms';
import { NDT_QUESTIONS } from 'shared-domain';
import { ANSWER_OF } from '../wizard.js';

/** Amounts are whole dollars (numeric inputs drop other characters, §5), up to ten digits. */
const MAX_DOLLARS = 9_999_999_999;

/** The figures of steps 3b, 5a and 7: label, help, and whether it is an amount of dollars. */
const FIGURE_FIELDS: Readonly<
  Partial<Record<NdtStep, ReadonlyArray<{ name: string; label: string; dollars?: boolean }>>>
> = {
  '3b': [
    { name: 'totalNonHces', label: 'Total non-HCEs' },
    { name: 'eligibleNonHces', label: 'Eligible non-HCEs' },
    { name: 'totalHces', label: 'Total HCEs' },
    { name: 'eligibleHces', label: 'Eligible HCEs' },
  ],
  '5a': [
    { name: 'grossCompensationHces', label: 'Gross compensation of HCEs', dollars: true },
    { name: 'grossCompensationNonHces', label: 'Gross compensation of non-HCEs', dollars: true },
    { name: 'participatingHces', label: 'Participating HCEs' },
    { name: 'participatingNonHces', label: 'Participating non-HCEs' },
  ],
  '7': [
    { name: 'totalCostOfBenefits', label: 'Total cost of benefits', dollars: true },
    { name: 'totalCostKeyEmployees', label: 'Total cost of benefits for key employees', dollars: true },
  ],
};

/** One sentence under each question: what it asks for, in the words of the domain note. */
const GUIDANCE: Readonly<Record<NdtStep, string>> = {
  '1': 'The employment requirement must be the same for everyone and no longer than 3 years, and an employee must enter no later than the first day of the plan year after meeting it.',
  '2': 'Similarly situated participants must get the same benefit choices and the same employer contribution.',
  '3': 'You may leave out employees who have not met the employment requirement, union employees whose benefits were bargained, and nonresident aliens without US income.',
  '3a': 'A reasonable classification set by objective business criteria: for example job category, work location, or salaried and hourly pay.',
  '3b': 'Count every employee except those the law lets you leave out (step 3), and how many of each group are eligible for the plan. Zero is a valid count.',
  '4': 'Answer yes when the only choice the plan offers is cash or paying the employee’s share of accident and health insurance premiums before tax.',
  '5': 'Compare the share of eligible HCEs who elect benefits with the share of the other eligible employees who do.',
  '5a': 'Gross compensation is the total pay of the group for the plan year, in whole dollars; participants are the employees of the group who elect benefits.',
  '6': 'The employer must pay, for each participant, 100% of the cost of the coverage most similarly situated HCEs chose or at least 75% of the most expensive similarly situated coverage. Answer yes when the employer contributes nothing to health coverage.',
  '7': 'Key employees may receive at most 25% of the total cost of the plan’s benefits. Enter whole dollars.',
};

/** The fields of one wizard step: its yes/no question, or its figures (each 0 or greater). */
export function NdtStepFields({ step }: { step: NdtStep }) {
  const answer = ANSWER_OF[step];
  return (
    <>
      <p className="text-body-secondary">{GUIDANCE[step]}</p>
      {answer ? (
        <YesNoField name={answer} label={NDT_QUESTIONS[step]} required />
      ) : (
        <fieldset>
          <legend className="fs-6">{NDT_QUESTIONS[step]}</legend>
          <div className="row">
            {(FIGURE_FIELDS[step] ?? []).map((field) => (
              <div key={field.name} className="col-md-6">
                <NumericField
                  name={field.name}
                  label={field.dollars ? `${field.label} ($)` : field.label}
                  required
                  maxValue={field.dollars ? MAX_DOLLARS : undefined}
                />
              </div>
            ))}
          </div>
        </fieldset>
      )}
    </>
  );
}
