import { callerOf, NoContent, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { removeBroker, saveClient } from '../../domain/clients/edit.js';
import { ClientBody, ClientDetails, ClientIdParams } from '../../contract/client.js';

const CLIENT_WRITE = { resource: 'client', action: 'update', param: 'clientId' } as const;

/**
 * The admin client page's changes (specs/3-admin.md §2 Clients, §4 "Client page", "Broker removal"):
 * compliance edits the company detail, legal entity, state of legal construction and ERISA flag, or
 * removes the broker; each change writes a row of the client's change log in the same transaction.
 */
const edit: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:clientId',
    {
      config: { access: COMPLIANCE, ownership: CLIENT_WRITE },
      schema: {
        summary: "Save the client's details (admin client page); answers the client as saved",
        params: ClientIdParams,
        body: ClientBody,
        response: { 200: ClientDetails },
      },
    },
    async (request) =>
      saveClient(app.db, app.identity, callerOf(request), request.params.clientId, request.body),
  );

  // Removing the broker of a client without one leaves things as asked: 204, no row.
  app.delete(
    '/:clientId/broker',
    {
      config: { access: COMPLIANCE, ownership: { ...CLIENT_WRITE, action: 'remove-broker' } },
      schema: {
        summary: "Remove the client's broker (they no longer look after it); a change-log row",
        params: ClientIdParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await removeBroker(app.db, app.identity, callerOf(request), request.params.clientId);
      return reply.status(204).send(null);
    },
  );
};

export default edit;
