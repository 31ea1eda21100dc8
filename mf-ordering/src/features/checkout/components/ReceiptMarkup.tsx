import { useMemo } from 'react';
import { sanitizeReceipt } from '../sanitize-receipt.js';

/**
 * The receipt as the server wrote it (GET order/{orderId}/receipt): markup built from escaped values
 * on the server, sanitized again here (defense in depth), shown as markup inside a frame of its own.
 */
export function ReceiptMarkup({ markup }: { markup: string }) {
  const safe = useMemo(() => sanitizeReceipt(markup), [markup]);
  return (
    <article
      aria-label="Receipt"
      data-testid="receipt"
      className="receipt border rounded p-3 bg-white"
      // The server escapes every value it puts in the markup (issue 10 "Orders and receipts"), and
      // DOMPurify removes anything active that would still get through.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
