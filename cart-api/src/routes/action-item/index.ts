import { notFound, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { BUYERS, SIGNED_IN, UserIdParams } from '../../lib/contract.js';
import { claimInvitation } from '../../domain/action-items/claim.js';
import { groupByAge } from '../../domain/action-items/group.js';
import { sendDocumentInvite } from '../../domain/action-items/invite.js';
import { ACTION_ITEMS_MESSAGES } from '../../domain/action-items/messages.js';
import { actionItemById, pendingActionItems } from '../../domain/action-items/queries.js';
import {
  ClaimBody,
  ClaimedInvite,
  InviteBody,
  OneActionItem,
  PendingActionItems,
  SentInvite,
} from '../../contract/action-item.js';

const ActionItemIdParams = Type.Object({ actionItemId: Uuid() }, { additionalProperties: false });

/** Action items (specs/1-foundation.md "Action items", 2-documents.md §3, §4 "Invite"). */
const actionItem: FastifyPluginAsyncTypebox<{ appUrl: string }> = async (app, { appUrl }) => {
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
    async (request) => groupByAge(await pendingActionItems(app.db, request.params.userId), app.now()),
  );

  app.get(
    '/:actionItemId',
    {
      config: {
        access: SIGNED_IN,
        ownership: { resource: 'action-item', action: 'read', param: 'actionItemId' },
      },
      schema: {
        summary: 'One action item (its user, an invite also its assigned broker)',
        params: ActionItemIdParams,
        response: { 200: OneActionItem },
      },
    },
    async (request) => {
      const item = await actionItemById(app.db, request.params.actionItemId);
      if (!item) throw notFound(ACTION_ITEMS_MESSAGES.notFound);
      const { userId: _userId, data: _data, ...answer } = item;
      return answer;
    },
  );

  // 'Send Invite' (brokers and employers) and 'Invite to Purchase' (compliance).
  app.post(
    '/document-invite',
    {
      config: { access: SIGNED_IN, ownership: 'none' },
      schema: {
        summary:
          'Invite someone by e-mail to review and purchase a document (an Unpaid document and their action item)',
        body: InviteBody,
        response: { 200: SentInvite },
      },
    },
    async (request) => sendDocumentInvite(app, request.caller!, request.body, appUrl),
  );

  // The invitation's e-mailed link, opened signed in (the shell's /invitation?token= page): the item
  // becomes the caller's (README "Invitations"). Buyers only: compliance invites, it never accepts.
  app.post(
    '/claim',
    {
      config: { access: BUYERS, ownership: 'none' },
      schema: {
        summary:
          "Accepts an invitation by its link's token: its action item (and document) become the caller's",
        body: ClaimBody,
        response: { 200: ClaimedInvite },
      },
    },
    async (request) =>
      claimInvitation({ db: app.db, now: () => app.now() }, request.caller!, request.body.token.trim()),
  );
};

export default actionItem;
