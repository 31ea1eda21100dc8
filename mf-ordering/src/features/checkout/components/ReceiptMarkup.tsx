/**
 * The receipt as the server wrote it (GET order/{orderId}/receipt): markup built from escaped values
 * on the server, so it is shown as markup, inside a frame of its own.
 */
export function ReceiptMarkup({ markup }: { markup: string }) {
  return (
    <article
      aria-label="Receipt"
      data-testid="receipt"
      className="receipt border rounded p-3 bg-white"
      // The server escapes every value it puts in the markup (issue 10 "Orders and receipts").
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}
