import { formatCents } from 'shared-domain';
import type { Kysely } from 'kysely';
import { badRequest, notFound } from 'service-kit';
import type { Mailer } from 'service-kit/server';
import type { Database } from '../../db/schema.js';
import { limitReceiptEmails } from '../limits/limits.js';
import { ORDERS_MESSAGES } from './messages.js';
import { paymentLine, receiptMarkup, receiptOf, type ReceiptData } from './receipt.js';
import { receiptPdfOf } from './receipt-file.js';

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
  return sendReceipt(deps, orderId, receipt);
}

/**
 * Email Purchaser (compliance; specs/1-foundation.md §6): the order's receipt to its purchaser again,
 * at once. Limited per order (README "Limits": `429` past it), after the checks, so a refusal counts
 * nothing.
 */
export async function emailReceiptAgain(
  deps: MailDeps & { now(): Date },
  orderId: string,
): Promise<{ to: string }> {
  const receipt = await receiptOf(deps.db, orderId);
  if (!receipt) throw notFound(ORDERS_MESSAGES.receiptNotFound);
  if (!receipt.purchaser.email) throw badRequest(ORDERS_MESSAGES.noEmail);
  await limitReceiptEmails(deps.db, orderId, deps.now());
  return sendReceipt(deps, orderId, receipt, deps.now());
}

/**
 * Sends a receipt to its purchaser: the receipt in the message and as the PDF attachment
 * `receipt-{orderNumber}.pdf` (the kept one when unchanged: `receiptPdfOf`). Card and account data
 * never reach it (the order keeps four digits).
 */
async function sendReceipt(
  deps: MailDeps,
  orderId: string,
  receipt: ReceiptData,
  now = new Date(),
): Promise<{ to: string }> {
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
        content: await receiptPdfOf(deps.db, orderId, receipt, now),
        contentType: 'application/pdf',
      },
    ],
  });
  return { to: receipt.purchaser.email };
}
