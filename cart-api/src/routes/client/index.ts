import { callerOf, Type, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { recentlyViewedClients, searchClients } from './queries.js';
import { ClientSearchQuery, ClientSearchRow } from './schemas.js';

/** The admin client search ('Search All Clients') and the caller's recently viewed clients. */
const client: FastifyPluginAsyncTypebox = async (app) => {
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
        summary: 'Clients whose name contains the search text (at most 50), by name',
        querystring: ClientSearchQuery,
        response: { 200: Type.Array(ClientSearchRow) },
      },
    },
    async (request) => searchClients(app.db, request.query.searchText),
  );
};

export default client;
