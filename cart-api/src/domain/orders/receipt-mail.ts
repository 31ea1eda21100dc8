import { formatCents } from 'shared-domain';
import type { Kysely } from 'kysely';
import type { Mailer } from 'service-kit/server';
import type { Database } from '../../db/schema.js';
import { paymentLine, receiptMarkup, receiptOf, receiptPdf, type ReceiptData } from './receipt.js';

/** The job that e-mails an order's receipt (`{orderId}`), enqueued with the order. */
export const SEND_RECEIPT = 'send-receipt';

/** What sending a receipt needs (the app, or the operator command's own). */
export interface MailDeps {
  db: Kysely<Database>;
  mailer: Mailer;
}

/** E-mails an order's receipt to its purchaser (the `send-receipt` job); whom it went to. */
export async function mailReceipt(deps: MailDeps, orderId: string): Promise<{ to: string } | null> {
  const receipt = await receiptOf(deps.db, orderId);
  if (!receipt?.purchaser.email) return null;
  return sendReceipt(deps, receipt);
}

/**
 * Sends a receipt to its purchaser: the receipt in the message and as the PDF attachment
 * `receipt-{orderNumber}.pdf`. Card and account data never reach it (the order keeps four digits).
 */
export async function sendReceipt(deps: MailDeps, receipt: ReceiptData): Promise<{ to: string }> {
  const total = receipt.items.length === 1 ? receipt.items[0]!.product : `${receipt.items.length} items`;
  await deps.mailer.send({
    to: receipt.purchaser.email,
    subject: `Your POP Documents receipt, order ${receipt.orderNumber}`,
    text: [
      `Hello ${receipt.purchaser.name},`,
      '',
      `Thank you for your order ${receipt.orderNumber} (${total}).`,
      `Total: ${formatCents(receipt.totalCents)}. Payment: ${paymentLine(receipt.payment)}.`,
      `Transaction ID: ${receipt.transactionId ?? '--'}.`,
      '',
      'Your receipt is attached.',
      '',
      'POP Documents',
    ].join('\n'),
    html: receiptMarkup(receipt),
    attachments: [
      {
        filename: `receipt-${receipt.orderNumber}.pdf`,
        content: await receiptPdf(receipt),
        contentType: 'application/pdf',
      },
    ],
  });
  return { to: receipt.purchaser.email };
}
