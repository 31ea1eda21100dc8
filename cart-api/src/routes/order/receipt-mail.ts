import type { FastifyInstance } from 'fastify';
import { paymentLine, receiptMarkup, receiptOf, receiptPdf, type ReceiptData } from './receipt.js';

/** E-mails an order's receipt to its purchaser, when the order has one and they have an address. */
export async function mailReceipt(app: FastifyInstance, orderId: string): Promise<void> {
  const receipt = await receiptOf(app.db, orderId);
  if (receipt?.purchaser.email) await sendReceipt(app, receipt);
}

/**
 * Sends a receipt to its purchaser: the receipt in the message and as the PDF attachment
 * `receipt-{orderNumber}.pdf`. Card and account data never reach it (the order keeps four digits).
 */
export async function sendReceipt(app: FastifyInstance, receipt: ReceiptData): Promise<{ to: string }> {
  const total = receipt.items.length === 1 ? receipt.items[0]!.product : `${receipt.items.length} items`;
  await app.mailer.send({
    to: receipt.purchaser.email,
    subject: `Your POP Documents receipt, order ${receipt.orderNumber}`,
    text: [
      `Hello ${receipt.purchaser.name},`,
      '',
      `Thank you for your order ${receipt.orderNumber} (${total}).`,
      `Total: $${(receipt.totalCents / 100).toFixed(2)}. Payment: ${paymentLine(receipt.payment)}.`,
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
