import { useMemo } from 'react';
import { labelReceiptCells, sanitizeReceipt } from '../sanitize-receipt.js';

/**
 * Below md the receipt's tables stack: each row a block whose cells carry their column's name (the
 * labels `labelReceiptCells` adds), so a phone never scrolls the page sideways. A style element: Jest
 * has no CSS loader, and it works in the shell, standalone and under the gateway's CSP.
 */
const STACKED_CSS = `
.receipt-frame {
  overflow-wrap: anywhere;
}
@media (max-width: 767.98px) {
  .receipt-frame thead {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  .receipt-frame table,
  .receipt-frame tbody,
  .receipt-frame tfoot,
  .receipt-frame tr {
    display: block;
    width: 100%;
  }
  .receipt-frame tbody tr {
    border-bottom: 1px solid var(--bs-border-color);
    padding: 0.5rem 0;
  }
  .receipt-frame tr > td,
  .receipt-frame tfoot tr > th {
    display: flex;
    justify-content: space-between;
    gap: 0.75rem;
    border: 0;
    padding: 0.125rem 0;
    text-align: end;
  }
  .receipt-frame tfoot tr {
    display: flex;
    justify-content: space-between;
    gap: 0.75rem;
  }
  .receipt-frame tfoot tr > th,
  .receipt-frame tfoot tr > td {
    display: block;
    padding: 0.25rem 0;
  }
  .receipt-frame td[data-label]::before {
    content: attr(data-label);
    flex: 0 0 auto;
    font-weight: 600;
    text-align: start;
    white-space: nowrap;
  }
}
`;

/**
 * The receipt as the server wrote it (GET order/{orderId}/receipt): markup built from escaped values
 * on the server, sanitized again here (defense in depth), shown as markup inside a frame of its own.
 */
export function ReceiptMarkup({ markup }: { markup: string }) {
  const safe = useMemo(() => labelReceiptCells(sanitizeReceipt(markup)), [markup]);
  return (
    <>
      <style>{STACKED_CSS}</style>
      <article
        aria-label="Receipt"
        data-testid="receipt"
        className="receipt receipt-frame border rounded p-3 bg-white"
        // The server escapes every value it puts in the markup (issue 10 "Orders and receipts"), and
        // DOMPurify removes anything active that would still get through.
        dangerouslySetInnerHTML={{ __html: safe }}
      />
    </>
  );
}
