import type { FastifyPluginAsync } from 'fastify';
import type { ActionItem, ActionItemType, PendingActionItems } from 'shared-domain';
import { userIdParams } from '../../lib/ids.js';
import { groupByAge } from './group.js';

/** GET /action-item/:userId/pending: the user's open action items, grouped for the home panel. */
const actionItem: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { userId: string } }>(
    '/:userId/pending',
    { config: { access: 'owner' }, schema: { params: userIdParams } },
    async (request): Promise<PendingActionItems> => {
      const rows = await app.db
        .selectFrom('action_item')
        .select(['action_item_id', 'item_type', 'description', 'json', 'created_by', 'created_at'])
        .where('user_id', '=', request.params.userId)
        .where('completed', '=', 0)
        .orderBy('created_at', 'desc')
        .orderBy('action_item_id')
        .execute();
      const items: ActionItem[] = rows.map((row) => ({
        id: row.action_item_id,
        itemType: row.item_type as ActionItemType,
        description: row.description,
        json: row.json,
        createdBy: row.created_by,
        createdDate: row.created_at,
      }));
      return groupByAge(items, new Date());
    },
  );
};

export default actionItem;
