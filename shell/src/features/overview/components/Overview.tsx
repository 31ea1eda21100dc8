import { GROUP_TERM_LIFE_LIMIT } from 'shared-domain';
import { formatMoney } from 'shared-ui';
import { FeeText } from '../../../components/FeeText.js';
import { SavingsIllustration } from './SavingsIllustration.js';

/** The overview (also the home of a user without documents, §4 Home content). */
export function Overview() {
  return (
    <article>
      <h2 className="h3">What is a Premium Only Plan?</h2>
      <p>
        A Section 125 Premium Only Plan (POP) lets employees pay their share of group insurance premiums with
        pre-tax dollars. Employees take home more pay, and the employer pays less payroll tax. The plan needs
        a written plan document, which we prepare, deliver and keep up to date.
      </p>
      <p>
        Premiums that can be paid through the plan include health, dental, vision, cancer, accident,
        disability and group term life insurance; group term life is qualified up to{' '}
        {formatMoney(GROUP_TERM_LIFE_LIMIT).replace('.00', '')}.
      </p>
      <SavingsIllustration />
      <section aria-labelledby="fees-heading">
        <h2 id="fees-heading" className="h4">
          Fees
        </h2>
        <FeeText />
      </section>
    </article>
  );
}
