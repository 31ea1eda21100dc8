import type { FastifyPluginAsyncTypebox } from 'service-kit';
import { SIGNED_IN, UserIdParams } from '../../lib/contract.js';
import { groupByAge } from './group.js';
import { pendingActionItems } from './queries.js';
import { PendingActionItems } from './schemas.js';

/** GET /action-item/:userId/pending: the user's open action items, grouped for the home panel. */
const actionItem: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:userId/pending',
    {
      config: { access: SIGNED_IN, ownership: { resource: 'user', action: 'read', param: 'userId' } },
      schema: {
        summary: "A user's pending action items: today, yesterday, the past week and older",
        params: UserIdParams,
        response: { 200: PendingActionItems },
      },
    },
    async (request) => groupByAge(await pendingActionItems(app.db, request.params.userId), new Date()),
  );
};

export default actionItem;
