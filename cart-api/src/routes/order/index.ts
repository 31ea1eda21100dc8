import {
  EmptyBody,
  notFound,
  Page,
  PagedSearchQuery,
  withPaging,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { ORDER_NOT_FOUND } from './policy.js';
import { listOrders, markReviewed } from './queries.js';
import { Order, OrderIdParams, Reviewed } from './schemas.js';

/** Admin Orders (compliance home): the order list and Mark as Reviewed. */
const order: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'All orders, newest first, searched by order number, transaction id or client name',
        querystring: PagedSearchQuery,
        response: { 200: Page(Order) },
      },
    },
    async (request) => listOrders(app.db, withPaging(request.query)),
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
      if (!(await markReviewed(app.db, request.params.orderId))) throw notFound(ORDER_NOT_FOUND);
      return { orderId: request.params.orderId, new: false as const };
    },
  );
};

export default order;
