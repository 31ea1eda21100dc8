import { callerOf, notFound, Type, type FastifyPluginAsyncTypebox } from 'service-kit';
import { productToday } from 'shared-domain';
import { COMPLIANCE, SIGNED_IN } from '../../lib/contract.js';
import { changeLogOf } from '../../domain/clients/change-log.js';
import { callersClientDocuments, callersClientWithTaxId, openClient } from '../../domain/clients/details.js';
import edit from './edit.js';
import { setClientPartner } from '../../domain/clients/partner.js';
import { CLIENTS_MESSAGES } from '../../domain/clients/messages.js';
import { findClients, recentlyViewedClients } from '../../domain/clients/queries.js';
import {
  ClientDetails,
  ClientDocument,
  ClientIdParams,
  ClientSearchQuery,
  ChangeLogEntry,
  ClientPartner,
  ClientPartnerBody,
  ClientSearchRow,
  DuplicateCheckQuery,
  TaxIdParams,
} from '../../contract/client.js';

const CLIENT = { resource: 'client', action: 'read', param: 'clientId' } as const;

/**
 * The admin client search ('Search All Clients'), the caller's recently viewed clients, and the
 * client details page (`client/{clientId}`, its documents): the `client` policy lets compliance see
 * every client, a broker their own, an employer the companies linked to them; anyone else 404.
 */
const client: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(edit);
  app.get(
    '/recently-viewed',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The clients the caller opened last (at most 10), newest first',
        response: { 200: Type.Array(ClientSearchRow) },
      },
    },
    async (request) => recentlyViewedClients(app.db, callerOf(request).userId),
  );

  // An empty search lists nothing: the screen shows 'Recently Viewed' until the user types.
  app.get(
    '/search',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'Clients whose name, tax id or account id matches the search text (at most 50), by name',
        querystring: ClientSearchQuery,
        response: { 200: Type.Array(ClientSearchRow) },
      },
    },
    async (request) => findClients(app.db, request.query),
  );

  // The order form's duplicate tax id check (specs/2-documents.md §4): the existing client whose
  // company fields Continue adopts, among the caller's own clients only.
  app.get(
    '/duplicate-check/:taxIdWithoutDash',
    {
      config: { access: SIGNED_IN, ownership: 'none' },
      schema: {
        summary: 'The client (of the caller) with a federal tax id, for the order form',
        params: TaxIdParams,
        querystring: DuplicateCheckQuery,
        response: { 200: ClientDetails, 204: Type.Null({ description: 'no match (onError=no-content)' }) },
      },
    },
    async (request, reply) => {
      const client = await callersClientWithTaxId(
        app.db,
        app.identity,
        callerOf(request),
        request.params.taxIdWithoutDash,
      );
      if (client) return client;
      if (request.query.onError === 'no-content') return reply.code(204).send(null);
      throw notFound(CLIENTS_MESSAGES.notFound);
    },
  );

  app.get(
    '/:clientId',
    {
      config: { access: SIGNED_IN, ownership: CLIENT },
      schema: {
        summary: "A client's details (the client details page); compliance's view is a recently viewed one",
        params: ClientIdParams,
        response: { 200: ClientDetails },
      },
    },
    async (request) => openClient(app.db, app.identity, callerOf(request), request.params.clientId),
  );

  app.get(
    '/:clientId/document',
    {
      config: { access: SIGNED_IN, ownership: CLIENT },
      schema: {
        summary: "The client's active documents (compliance: every one), newest first",
        params: ClientIdParams,
        response: { 200: Type.Array(ClientDocument) },
      },
    },
    async (request) =>
      callersClientDocuments(
        app.db,
        app.identity,
        callerOf(request),
        request.params.clientId,
        productToday(app.now()),
      ),
  );

  app.get(
    '/:clientId/change-log',
    {
      config: { access: COMPLIANCE, ownership: CLIENT },
      schema: {
        summary: 'What happened to the client and its documents, by whom and when, newest first',
        params: ClientIdParams,
        response: { 200: Type.Array(ChangeLogEntry) },
      },
    },
    async (request) => changeLogOf(app.db, request.params.clientId),
  );

  // 'Update Client Level' of the admin document page (specs/2-documents.md §4 "Admin partner change").
  app.post(
    '/:clientId/partner',
    {
      config: { access: COMPLIANCE, ownership: { resource: 'client', action: 'partner', param: 'clientId' } },
      schema: {
        summary: "Set the client's strategic partner and its account id there (null: no partner)",
        params: ClientIdParams,
        body: ClientPartnerBody,
        response: { 200: ClientPartner },
      },
    },
    async (request) => setClientPartner(app.db, callerOf(request), request.params.clientId, request.body),
  );
};

export default client;
