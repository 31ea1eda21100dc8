import { NDT_QUESTIONS, type NdtStep } from 'shared-domain';
import { NumericField, YesNoField, useFormikContext } from 'shared-ui/forms';
import { FIGURE_FIELDS, labelOf } from '../figure-fields.js';
import {
  ANSWER_OF,
  UTILIZATION_FIGURES,
  countsAskedAt5a,
  figuresOf,
  type FigureName,
  type NdtAnswers,
} from '../wizard.js';

/** Amounts are whole dollars (numeric inputs drop other characters, §5), up to ten digits. */
const MAX_DOLLARS = 9_999_999_999;

/** One sentence under each question: what it asks for, in the words of the domain note. */
const GUIDANCE: Readonly<Record<NdtStep, string>> = {
  '1': 'The employment requirement must be the same for everyone and no longer than 3 years, and an employee must enter no later than the first day of the plan year after meeting it.',
  '2': 'Similarly situated participants must get the same benefit choices and the same employer contribution.',
  '3': 'You may leave out employees who have not met the employment requirement, union employees whose benefits were bargained, and nonresident aliens without US income.',
  '3a': 'A reasonable classification set by objective business criteria: for example job category, work location, or salaried and hourly pay.',
  '3b': 'Count every employee except those the law lets you leave out (step 3), and how many of each group are eligible for the plan. Zero is a valid count.',
  '4': 'Answer yes when the only choice the plan offers is cash or paying the employee’s share of accident and health insurance premiums before tax.',
  '5': 'The test compares the benefits the participating HCEs elect, as a share of their pay, with the same share for the other participants. Answer no if you are not sure: step 5a asks the figures and computes it.',
  '5a': 'For each group, count the employees who participate (elect benefits), their total pay for the plan year, and the qualified benefits they elect for the year, in whole dollars.',
  '6': 'A safe harbor for health benefits: the employer pays, for each participant, 100% of the cost of the coverage most similarly situated HCEs chose or at least 75% of the most expensive similarly situated coverage. Answer yes when the employer contributes nothing to health coverage. A no does not fail the test by itself.',
  '7': 'Key employees may receive at most 25% of the total cost of the plan’s benefits. Enter whole dollars.',
};

/** One figure: a whole number, 0 or greater; an amount of dollars up to ten digits. */
function FigureInput({ name, hint }: { name: FigureName; hint?: string }) {
  const field = FIGURE_FIELDS[name];
  return (
    <NumericField
      name={name}
      label={labelOf(name)}
      help={hint ?? field.hint}
      required
      maxValue={field.dollars ? MAX_DOLLARS : undefined}
    />
  );
}

/**
 * Step 5a: the participants of each group, their pay and the benefits they elect; after step 3 yes
 * (3b skipped) the two totals first, which stand for the eligible counts.
 */
function UtilizationFields() {
  const { values } = useFormikContext<NdtAnswers>();
  const groups = [
    { legend: 'HCEs who participate', figures: UTILIZATION_FIGURES.hces },
    { legend: 'Non-HCEs who participate', figures: UTILIZATION_FIGURES.nonHces },
  ];
  return (
    <>
      {countsAskedAt5a(values) && (
        <fieldset>
          <legend className="fs-6 fw-semibold">All employees (every one is eligible: step 3)</legend>
          <div className="row">
            {(['totalNonHces', 'totalHces'] as const).map((name) => (
              <div key={name} className="col-md-6">
                <FigureInput
                  name={name}
                  hint="Every employee except those the law lets you leave out (step 3). Zero is a valid count."
                />
              </div>
            ))}
          </div>
        </fieldset>
      )}
      <div className="row">
        {groups.map((group) => (
          <fieldset key={group.legend} className="col-md-6">
            <legend className="fs-6 fw-semibold">{group.legend}</legend>
            {group.figures.map((name) => (
              <FigureInput key={name} name={name} />
            ))}
          </fieldset>
        ))}
      </div>
    </>
  );
}

/** The fields of one wizard step: its yes/no question, or its figures (each 0 or greater). */
export function NdtStepFields({ step }: { step: NdtStep }) {
  const { values } = useFormikContext<NdtAnswers>();
  const answer = ANSWER_OF[step];
  return (
    <>
      <p className="text-body-secondary">{GUIDANCE[step]}</p>
      {answer ? (
        <YesNoField name={answer} label={NDT_QUESTIONS[step]} required />
      ) : (
        <fieldset>
          <legend className="fs-6">{NDT_QUESTIONS[step]}</legend>
          {step === '5a' ? (
            <UtilizationFields />
          ) : (
            <div className="row">
              {figuresOf(step, values).map((name) => (
                <div key={name} className="col-md-6">
                  <FigureInput name={name} />
                </div>
              ))}
            </div>
          )}
        </fieldset>
      )}
    </>
  );
}
