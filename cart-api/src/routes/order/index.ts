import type { FastifyPluginAsync } from 'fastify';
import type { Order, Page } from 'shared-domain';
import { notFound } from '../../lib/http-error.js';
import { uuidParam } from '../../lib/ids.js';
import { pagedSearchQuerystring, type PagedSearchQuery } from '../../lib/pagination.js';
import { listOrders, markReviewed } from './queries.js';

/** Admin Orders (compliance home): the order list and Mark as Reviewed. */
const order: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: PagedSearchQuery }>(
    '/',
    { config: { access: 'compliance' }, schema: { querystring: pagedSearchQuerystring } },
    async (request): Promise<Page<Order>> => listOrders(app.db, request.query),
  );

  app.post<{ Params: { orderId: string } }>(
    '/:orderId/hide',
    {
      config: { access: 'compliance' },
      schema: { params: { type: 'object', properties: { orderId: uuidParam }, required: ['orderId'] } },
    },
    async (request): Promise<{ orderId: string; new: false }> => {
      if (!(await markReviewed(app.db, request.params.orderId))) throw notFound('Order not found');
      return { orderId: request.params.orderId, new: false };
    },
  );
};

export default order;
