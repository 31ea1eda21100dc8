import { EmptyBody, notFound, withPaging, type FastifyPluginAsyncTypebox } from 'service-kit';
import { productToday } from 'shared-domain';
import { COMPLIANCE, SIGNED_IN } from '../../lib/contract.js';
import { ORDERS_MESSAGES } from '../../domain/orders/messages.js';
import { listOrders, markReviewed } from '../../domain/orders/queries.js';
import { receiptMarkup, receiptOf } from '../../domain/orders/receipt.js';
import { receiptPdfOf } from '../../domain/orders/receipt-file.js';
import { emailReceiptAgain } from '../../domain/orders/receipt-mail.js';
import {
  OrderIdParams,
  OrderListQuery,
  OrderPage,
  ReceiptMarkup,
  ReceiptPdf,
  ReceiptSent,
  Reviewed,
  ReviewedBody,
  ReviewedOrders,
} from '../../contract/order.js';

/** Admin Orders (compliance home): the order list and Mark as Reviewed. */
const order: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary:
          'All orders, newest first, searched by order number, transaction id or client name, filtered by order day, new only and partner',
        querystring: OrderListQuery,
        response: { 200: OrderPage },
      },
    },
    async (request) => {
      const { from, to, newOnly, partner } = request.query;
      return listOrders(
        app.db,
        { ...withPaging(request.query), from, to, newOnly, partner },
        productToday(app.now()),
      );
    },
  );

  app.post(
    '/reviewed',
    {
      // Many orders at once: no one record's policy; compliance may review any order.
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary:
          'Mark as Reviewed for the orders selected (at most 100); ids that name no order are reported',
        body: ReviewedBody,
        response: { 200: ReviewedOrders },
      },
    },
    async (request) => markReviewed(app.db, request.body.orderIds),
  );

  app.post(
    '/:orderId/hide',
    {
      config: { access: COMPLIANCE, ownership: { resource: 'order', action: 'review', param: 'orderId' } },
      schema: {
        summary: 'Mark an order as reviewed (it is no longer new)',
        params: OrderIdParams,
        body: EmptyBody,
        response: { 200: Reviewed },
      },
    },
    async (request) => {
      const { reviewed } = await markReviewed(app.db, [request.params.orderId]);
      if (reviewed.length === 0) throw notFound(ORDERS_MESSAGES.notFound);
      return { orderId: request.params.orderId, new: false as const };
    },
  );

  const receiptReader = {
    access: SIGNED_IN,
    ownership: { resource: 'receipt', action: 'read', param: 'orderId' },
  } as const;

  app.get(
    '/:orderId/receipt',
    {
      config: receiptReader,
      schema: {
        summary: "An order's receipt as markup (the purchaser, the documents' broker and client, compliance)",
        params: OrderIdParams,
        response: { 200: ReceiptMarkup },
      },
    },
    async (request) => {
      const receipt = await receiptOf(app.db, request.params.orderId);
      if (!receipt) throw notFound(ORDERS_MESSAGES.receiptNotFound);
      return {
        orderId: request.params.orderId,
        orderNumber: receipt.orderNumber,
        receipt: receiptMarkup(receipt),
      };
    },
  );

  app.get(
    '/:orderId/receipt/download',
    {
      config: receiptReader,
      schema: {
        summary: 'The same receipt as a PDF, named receipt-{orderNumber}.pdf in content-disposition',
        params: OrderIdParams,
        response: { 200: { content: { 'application/pdf': { schema: ReceiptPdf } } } },
      },
    },
    async (request, reply) => {
      const receipt = await receiptOf(app.db, request.params.orderId);
      if (!receipt) throw notFound(ORDERS_MESSAGES.receiptNotFound);
      // Made once: an unchanged receipt is the kept PDF, byte for byte.
      const pdf = await receiptPdfOf(app.db, request.params.orderId, receipt, app.now());
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="receipt-${receipt.orderNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/:orderId/email-purchaser',
    {
      config: { access: COMPLIANCE, ownership: { resource: 'receipt', action: 'send', param: 'orderId' } },
      schema: {
        summary: "Email Purchaser: send the order's receipt to its purchaser again",
        params: OrderIdParams,
        body: EmptyBody,
        response: { 200: ReceiptSent },
      },
    },
    async (request) => {
      const sent = await emailReceiptAgain(app, request.params.orderId);
      return { orderId: request.params.orderId, sentTo: sent.to };
    },
  );
};

export default order;
