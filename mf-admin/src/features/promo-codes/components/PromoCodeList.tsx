import { useState } from 'react';
import { Button } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import { PROMO_CODE_MESSAGES } from 'shared-domain';
import {
  ConfirmDialog,
  DataTable,
  formatDate,
  formatMoney,
  notifySuccess,
  paths,
  type Column,
} from 'shared-ui';
import { RowLinks } from '../../../components/RowLinks.js';
import { UtilityHeader } from '../../../components/UtilityHeader.js';
import { deletePromoCode } from '../api/delete-promo-code.js';
import { usePromoCodes, type PromoCode } from '../api/get-promo-codes.js';

/** §5: a zero or empty percentage, amount or maximum shows as '--'. */
const EMPTY = '--';
const percent = (value: number | null) => (value ? `${value}%` : EMPTY);
const dollars = (value: number | null) => (value ? formatMoney(value) : EMPTY);

export const confirmDeleteText = (code: string) => `Delete the promo code ${code}?`;

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

  const columns: Column<PromoCode>[] = [
    {
      key: 'code',
      header: 'Code',
      // The whole row opens the editor (RowLinks); the code is its link for the keyboard.
      cell: (promoCode) => <Link to={paths.promoCode(promoCode.id)}>{promoCode.code}</Link>,
    },
    { key: 'type', header: 'Type', cell: (promoCode) => promoCode.type },
    {
      key: 'percentage',
      header: 'Percentage',
      cell: (promoCode) => percent(promoCode.percentage),
      className: 'text-end',
    },
    {
      key: 'amount',
      header: 'Amount',
      cell: (promoCode) => dollars(promoCode.amount),
      className: 'text-end',
    },
    {
      key: 'maximum',
      header: 'Maximum',
      cell: (promoCode) => dollars(promoCode.maxDollarAmount),
      className: 'text-end',
    },
    { key: 'product', header: 'Product', cell: (promoCode) => promoCode.product ?? 'All products' },
    {
      key: 'start',
      header: 'Start Date',
      cell: (promoCode) => formatDate(promoCode.startDate),
      className: 'text-nowrap',
    },
    {
      key: 'end',
      header: 'End Date',
      cell: (promoCode) => formatDate(promoCode.endDate),
      className: 'text-nowrap',
    },
    { key: 'usage', header: 'Usage', cell: (promoCode) => promoCode.usage, className: 'text-end' },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'text-end',
      cell: (promoCode) => (
        <Button
          variant="danger"
          size="sm"
          aria-label={`Delete ${promoCode.code}`}
          onClick={() => setDeleting(promoCode)}
        >
          Delete
        </Button>
      ),
    },
  ];

  return (
    <section>
      <UtilityHeader
        section="promo-code"
        actions={
          <Link className="btn btn-primary" to={paths.newPromoCode()}>
            New Promo Code
          </Link>
        }
      />
      <RowLinks>
        <DataTable
          label="Promo Codes"
          columns={columns}
          rows={promoCodes}
          rowKey={(promoCode) => promoCode.id}
          empty="No promo codes found"
          busyLabel="Loading promo codes"
          loadError={error && 'promo codes'}
          size="sm"
          hover
        />
      </RowLinks>
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
