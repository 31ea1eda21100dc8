import type { Kysely } from 'kysely';
import type { Content } from 'pdfmake/interfaces.js';
import { escapeHtml, formatCents, formatIsoDate, formatProductDate } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import { renderPdf } from '../../lib/pdf.js';

/**
 * A receipt (../shared/domain/plan-documents.md "Receipts"): order number, date, purchaser, items
 * with plan years and client company, unit price, discount, total, payment method with the last four
 * digits only, transaction id. Built from the order's rows, as markup and as a PDF of the same content.
 */
export interface ReceiptData {
  orderNumber: string;
  /** ISO timestamp of the order. */
  orderDate: string;
  purchaser: { name: string; email: string };
  items: {
    product: string;
    clientCompanyName: string | null;
    planYearStart: string | null;
    planYearEnd: string | null;
    unitPriceCents: number;
    discountCents: number;
    totalCents: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  payment: { method: string | null; brand: string | null; last4: string | null };
  transactionId: string | null;
  /**
   * A payment that settles later, while it is not paid (migration 0031): Processing until it settles,
   * or returned with the processor's reason. Read from the order at each read, never kept with the
   * receipt; absent once paid (and for a card or free order).
   */
  settlement?: { state: 'pending' | 'returned'; text: string | null };
}

/** The order's settlement as the receipt shows it (`ReceiptData.settlement`). */
function settlementOf(order: {
  settlement: 'pending' | 'settled' | 'returned' | null;
  settlement_text: string | null;
}): Pick<ReceiptData, 'settlement'> {
  return order.settlement === 'pending' || order.settlement === 'returned'
    ? { settlement: { state: order.settlement, text: order.settlement_text } }
    : {};
}

/** The receipt kept at purchase; for an order older than that (demo data), built from its rows. */
export async function receiptOf(db: Kysely<Database>, orderId: string): Promise<ReceiptData | undefined> {
  const kept = await db
    .selectFrom('orders')
    .select(['receipt_data', 'settlement', 'settlement_text'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!kept) return undefined;
  const receipt = kept.receipt_data
    ? (JSON.parse(kept.receipt_data) as ReceiptData)
    : await receiptFromRows(db, orderId);
  if (!receipt) return undefined;
  const { settlement: _kept, ...bought } = receipt;
  return { ...bought, ...settlementOf(kept) };
}

async function receiptFromRows(db: Kysely<Database>, orderId: string): Promise<ReceiptData | undefined> {
  const order = await db
    .selectFrom('orders')
    .select([
      'order_number',
      'created_at',
      'ordered_by',
      'ordered_by_email',
      'subtotal_cents',
      'discount_cents',
      'total_cents',
      'payment_method',
      'payment_brand',
      'payment_last4',
      'transaction_id',
    ])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const items = await db
    .selectFrom('order_item as oi')
    .leftJoin('epop_document as d', 'd.document_id', 'oi.document_id')
    .leftJoin('company as c', 'c.company_id', 'oi.client_company_id')
    .select([
      'oi.display_text',
      'oi.unit_price_cents',
      'oi.discount_cents',
      'oi.price_cents',
      'd.plan_year_start',
      'd.plan_year_end',
      'c.name as client_company_name',
    ])
    .where('oi.order_id', '=', orderId)
    .orderBy('oi.order_item_id')
    .execute();
  return {
    orderNumber: order.order_number,
    orderDate: order.created_at,
    purchaser: { name: order.ordered_by, email: order.ordered_by_email },
    items: items.map((item) => ({
      product: item.display_text,
      clientCompanyName: item.client_company_name,
      planYearStart: item.plan_year_start,
      planYearEnd: item.plan_year_end,
      unitPriceCents: Number(item.unit_price_cents),
      discountCents: Number(item.discount_cents),
      totalCents: Number(item.price_cents),
    })),
    subtotalCents: Number(order.subtotal_cents),
    discountCents: Number(order.discount_cents),
    totalCents: Number(order.total_cents),
    payment: { method: order.payment_method, brand: order.payment_brand, last4: order.payment_last4 },
    transactionId: order.transaction_id,
  };
}

const money = formatCents;

const usDate = formatIsoDate;

/** 'Processing: …', 'Returned: …' while a payment that settles later is not paid; null once it is. */
export function paymentStatusLine(
  settlement: ReceiptData['settlement'],
  method: ReceiptData['payment']['method'],
): string | null {
  if (!settlement) return null;
  if (settlement.state !== 'pending') return `Returned: ${settlement.text ?? 'the payment was returned'}`;
  // A card is pending only when its processor holds it for review; a bank debit until it settles.
  return method === 'card'
    ? 'Processing: the card processor is reviewing the payment'
    : 'Processing: the bank payment has not settled yet (usually within a few business days)';
}

/** 'Visa ending in 1111', 'Checking account ending in 6789', 'No payment (free order)'. */
export function paymentLine({ method, brand, last4 }: ReceiptData['payment']): string {
  if (method === null) return 'No payment (free order)';
  const name = brand ?? (method === 'ach' ? 'Bank account' : 'Card');
  const kind = method === 'ach' && brand ? `${name} account` : name;
  return last4 ? `${kind} ending in ${last4}` : kind;
}

const planYear = (item: ReceiptData['items'][number]) =>
  item.planYearStart && item.planYearEnd ? `${usDate(item.planYearStart)} - ${usDate(item.planYearEnd)}` : '';

/** The receipt as markup (an HTML fragment the receipt page shows as it is). */
export function receiptMarkup(receipt: ReceiptData): string {
  // Every value passes through escapeHtml: a company named `<script>` stays text.
  const e = escapeHtml;
  const status = paymentStatusLine(receipt.settlement, receipt.payment.method);
  const rows = receipt.items
    .map(
      (item) =>
        `<tr><td>${e(item.product)}</td><td>${e(item.clientCompanyName ?? '')}</td><td>${e(planYear(item))}</td>` +
        `<td class="text-end">${e(money(item.unitPriceCents))}</td><td class="text-end">${e(money(item.discountCents))}</td>` +
        `<td class="text-end">${e(money(item.totalCents))}</td></tr>`,
    )
    .join('');
  return [
    `<div class="receipt">`,
    `<h2>Receipt</h2>`,
    `<dl class="receipt-summary">`,
    `<dt>Order Number</dt><dd>${e(receipt.orderNumber)}</dd>`,
    `<dt>Order Date</dt><dd>${e(formatProductDate(receipt.orderDate))}</dd>`,
    `<dt>Purchased By</dt><dd>${e(receipt.purchaser.name)} (${e(receipt.purchaser.email)})</dd>`,
    `<dt>Payment Method</dt><dd>${e(paymentLine(receipt.payment))}</dd>`,
    ...(status ? [`<dt>Payment Status</dt><dd class="payment-status">${e(status)}</dd>`] : []),
    `<dt>Transaction ID</dt><dd>${e(receipt.transactionId ?? '--')}</dd>`,
    `</dl>`,
    `<table class="table receipt-items"><thead><tr><th>Product</th><th>Client Company</th><th>Plan Year</th>`,
    `<th class="text-end">Unit Price</th><th class="text-end">Discount</th><th class="text-end">Total</th></tr></thead>`,
    `<tbody>${rows}</tbody>`,
    `<tfoot><tr><th colspan="5" class="text-end">Subtotal</th><td class="text-end">${e(money(receipt.subtotalCents))}</td></tr>`,
    `<tr><th colspan="5" class="text-end">Discount</th><td class="text-end">${e(money(receipt.discountCents))}</td></tr>`,
    `<tr><th colspan="5" class="text-end">Total</th><td class="text-end">${e(money(receipt.totalCents))}</td></tr></tfoot>`,
    `</table>`,
    `</div>`,
  ].join('');
}

/** The same receipt as a PDF. */
export function receiptPdf(receipt: ReceiptData): Promise<Buffer> {
  const right = (text: string) => ({ text, alignment: 'right' as const });
  const status = paymentStatusLine(receipt.settlement, receipt.payment.method);
  const summary: Content = {
    table: {
      widths: [110, '*'],
      body: [
        ['Order Number', receipt.orderNumber],
        ['Order Date', formatProductDate(receipt.orderDate)],
        ['Purchased By', `${receipt.purchaser.name} (${receipt.purchaser.email})`],
        ['Payment Method', paymentLine(receipt.payment)],
        ...(status ? [['Payment Status', status]] : []),
        ['Transaction ID', receipt.transactionId ?? '--'],
      ].map(([label, value]) => [{ text: label!, bold: true }, value!]),
    },
    layout: 'noBorders',
    margin: [0, 0, 0, 16],
  };
  const header = ['Product', 'Client Company', 'Plan Year', 'Unit Price', 'Discount', 'Total'].map(
    (text, index) => ({
      text,
      bold: true,
      alignment: index >= 3 ? ('right' as const) : ('left' as const),
    }),
  );
  const totals = (label: string, cents: number) => [
    { text: label, colSpan: 5, alignment: 'right' as const, bold: true },
    '',
    '',
    '',
    '',
    right(money(cents)),
  ];
  const items: Content = {
    table: {
      headerRows: 1,
      widths: ['*', 100, 100, 55, 50, 55],
      body: [
        header,
        ...receipt.items.map((item) => [
          item.product,
          item.clientCompanyName ?? '',
          planYear(item),
          right(money(item.unitPriceCents)),
          right(money(item.discountCents)),
          right(money(item.totalCents)),
        ]),
        totals('Subtotal', receipt.subtotalCents),
        totals('Discount', receipt.discountCents),
        totals('Total', receipt.totalCents),
      ],
    },
    layout: 'lightHorizontalLines',
  };
  return renderPdf({
    info: { title: `Receipt ${receipt.orderNumber}`, author: 'POP Documents' },
    pageSize: 'LETTER',
    pageMargins: [40, 40, 40, 40],
    content: [
      { text: 'POP Documents', fontSize: 9, color: '#555555' },
      { text: 'Receipt', fontSize: 18, bold: true, margin: [0, 4, 0, 12] },
      summary,
      items,
    ],
  });
}
