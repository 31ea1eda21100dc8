import { Table } from 'shared-ui/bootstrap';
import { FICA_RATE } from 'shared-domain';
import { formatMoney } from 'shared-ui';

/** Sample figures: premiums paid pre-tax through a POP escape FICA for employee and employer. */
const SAMPLE_MONTHLY_PREMIUM = 250;
const SAMPLE_EMPLOYEES = 20;

export function SavingsIllustration() {
  const annualPremium = SAMPLE_MONTHLY_PREMIUM * 12;
  const ficaSavedPerEmployee = annualPremium * FICA_RATE;
  const percent = `${(FICA_RATE * 100).toFixed(2)}%`;
  return (
    <section aria-labelledby="savings-title" className="mb-4">
      <h2 id="savings-title" className="h4">
        Savings illustration
      </h2>
      <Table bordered size="sm" className="w-auto">
        <tbody>
          <tr>
            <th scope="row">Employee premium per month</th>
            <td className="text-end">{formatMoney(SAMPLE_MONTHLY_PREMIUM)}</td>
          </tr>
          <tr>
            <th scope="row">Premiums per year, paid pre-tax</th>
            <td className="text-end">{formatMoney(annualPremium)}</td>
          </tr>
          <tr>
            <th scope="row">Employer FICA saved per employee ({percent})</th>
            <td className="text-end">{formatMoney(ficaSavedPerEmployee)}</td>
          </tr>
          <tr>
            <th scope="row">Employer FICA saved for {SAMPLE_EMPLOYEES} employees</th>
            <td className="text-end">{formatMoney(ficaSavedPerEmployee * SAMPLE_EMPLOYEES)}</td>
          </tr>
        </tbody>
      </Table>
      <p className="small text-muted">
        Sample figures at a FICA rate of {percent}. Each employee also saves {percent} of FICA on the
        premiums, plus federal and most state income tax.
      </p>
    </section>
  );
}
