import { FEE_WITH_COMMISSION, FEE_WITHOUT_COMMISSION } from 'shared-domain';
import { formatMoney } from 'shared-ui';

/** The fee text of specs/1-foundation.md §1: both fees and the included services. */
export function FeeText() {
  return (
    <div className="fee-text">
      <ul>
        <li>
          <strong>{formatMoney(FEE_WITH_COMMISSION)}</strong> per document with commissions included.
        </li>
        <li>
          <strong>{formatMoney(FEE_WITHOUT_COMMISSION)}</strong> per document without commission.
        </li>
      </ul>
      <p className="mb-1">Included with every document:</p>
      <ul className="mb-0">
        <li>A renewal reminder emailed 60 days before the new plan year, with an online renewal link.</li>
        <li>A discrimination-testing reminder.</li>
        <li>Revised or duplicate documents emailed within 24 hours.</li>
        <li>Customer support.</li>
        <li>An employee quick reference guide.</li>
      </ul>
    </div>
  );
}
