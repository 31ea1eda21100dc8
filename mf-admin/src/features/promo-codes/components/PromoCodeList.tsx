import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link, useNavigate } from 'react-router-dom';
import { PROMO_CODE_MESSAGES } from 'shared-domain';
import { Busy, ConfirmDialog, formatDate, formatMoney, notifySuccess, paths } from 'shared-ui';
import { deletePromoCode } from '../api/delete-promo-code.js';
import { usePromoCodes, type PromoCode } from '../api/get-promo-codes.js';

/** §5: a zero or empty percentage, amount or maximum shows as '--'. */
const EMPTY = '--';
const percent = (value: number | null) => (value ? `${value}%` : EMPTY);
const dollars = (value: number | null) => (value ? formatMoney(value) : EMPTY);

export const confirmDeleteText = (code: string) => `Delete the promo code ${code}?`;

function PromoCodeRow({ promoCode, onDelete }: { promoCode: PromoCode; onDelete(): void }) {
  const navigate = useNavigate();
  const editor = paths.promoCode(promoCode.id);
  return (
    // The whole row opens the editor; the code is its link for the keyboard and screen readers.
    <tr style={{ cursor: 'pointer' }} onClick={() => navigate(editor)}>
      <td>
        <Link to={editor} onClick={(event) => event.stopPropagation()}>
          {promoCode.code}
        </Link>
      </td>
      <td>{promoCode.type}</td>
      <td className="text-end">{percent(promoCode.percentage)}</td>
      <td className="text-end">{dollars(promoCode.amount)}</td>
      <td className="text-end">{dollars(promoCode.maxDollarAmount)}</td>
      <td>{promoCode.product ?? 'All products'}</td>
      <td>{formatDate(promoCode.startDate)}</td>
      <td>{formatDate(promoCode.endDate)}</td>
      <td className="text-end">{promoCode.usage}</td>
      <td className="text-end">
        <Button
          variant="outline-danger"
          size="sm"
          aria-label={`Delete ${promoCode.code}`}
          onClick={(event) => {
            event.stopPropagation();
            onDelete();
          }}
        >
          Delete
        </Button>
      </td>
    </tr>
  );
}

/** /admin/utilities/promo-code (specs/3-admin.md §2): every promo code, New, open one, Delete. */
export function PromoCodeList() {
  const { data: promoCodes, error, mutate } = usePromoCodes();
  const [deleting, setDeleting] = useState<PromoCode>();

  async function remove(promoCode: PromoCode) {
    setDeleting(undefined);
    try {
      await deletePromoCode(promoCode.id);
    } catch {
      return; // told by the api client
    }
    notifySuccess(PROMO_CODE_MESSAGES.deleted);
    await mutate();
  }

  return (
    <section aria-labelledby="promo-codes-title">
      <div className="d-flex align-items-center mb-3">
        <h2 id="promo-codes-title" className="h4 mb-0">
          Promo Codes
        </h2>
        <Link className="btn btn-success ms-auto" to={paths.newPromoCode()}>
          New
        </Link>
      </div>
      {error && !promoCodes ? (
        <Alert variant="danger">The promo codes could not be loaded.</Alert>
      ) : !promoCodes ? (
        <Busy label="Loading promo codes" size="md" />
      ) : promoCodes.length === 0 ? (
        <p className="text-muted">No promo codes found</p>
      ) : (
        <Table responsive hover size="sm" aria-labelledby="promo-codes-title">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Type</th>
              <th scope="col" className="text-end">
                Percentage
              </th>
              <th scope="col" className="text-end">
                Amount
              </th>
              <th scope="col" className="text-end">
                Maximum
              </th>
              <th scope="col">Product</th>
              <th scope="col">Start Date</th>
              <th scope="col">End Date</th>
              <th scope="col" className="text-end">
                Usage
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {promoCodes.map((promoCode) => (
              <PromoCodeRow
                key={promoCode.id}
                promoCode={promoCode}
                onDelete={() => setDeleting(promoCode)}
              />
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        show={deleting !== undefined}
        message={deleting ? confirmDeleteText(deleting.code) : ''}
        confirmLabel="Delete"
        confirmVariant="danger"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(undefined)}
      />
    </section>
  );
}
