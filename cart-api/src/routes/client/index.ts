import type { FastifyPluginAsync } from 'fastify';
import { currentUser } from '../../plugins/app/authentication.js';
import { containsIgnoringCase } from '../../lib/search.js';

/** A row of the admin client search and of 'Recently Viewed'. */
export interface ClientSearchRow {
  clientId: string;
  name: string;
  address: string;
  city: string;
  state: string;
}

export const SEARCH_LIMIT = 50;
export const RECENTLY_VIEWED_LIMIT = 10;

const searchQuerystring = {
  type: 'object',
  properties: { searchText: { type: 'string', maxLength: 200, default: '' } },
} as const;

/** The admin client search ('Search All Clients') and the caller's recently viewed clients. */
const client: FastifyPluginAsync = async (app) => {
  const clientColumns = ['c.company_id', 'c.name', 'c.address_line1', 'c.city', 'c.state'] as const;
  const toRow = (row: {
    company_id: string;
    name: string;
    address_line1: string | null;
    city: string | null;
    state: string | null;
  }): ClientSearchRow => ({
    clientId: row.company_id,
    name: row.name,
    address: row.address_line1 ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
  });

  app.get(
    '/recently-viewed',
    { config: { access: 'compliance' } },
    async (request): Promise<ClientSearchRow[]> => {
      const rows = await app.db
        .selectFrom('client_view as v')
        .innerJoin('company as c', 'c.company_id', 'v.company_id')
        .select(clientColumns)
        .where('v.user_id', '=', currentUser(request).userId)
        .where('c.kind', '=', 'client')
        .orderBy('v.viewed_at', 'desc')
        .limit(RECENTLY_VIEWED_LIMIT)
        .execute();
      return rows.map(toRow);
    },
  );

  // An empty search lists nothing: the screen shows 'Recently Viewed' until the user types.
  app.get<{ Querystring: { searchText: string } }>(
    '/search',
    { config: { access: 'compliance' }, schema: { querystring: searchQuerystring } },
    async (request): Promise<ClientSearchRow[]> => {
      const searchText = request.query.searchText.trim();
      if (!searchText) return [];
      const rows = await app.db
        .selectFrom('company as c')
        .select(clientColumns)
        .where('c.kind', '=', 'client')
        .where(containsIgnoringCase('c.name', searchText))
        .orderBy('c.name')
        .orderBy('c.company_id')
        .limit(SEARCH_LIMIT)
        .execute();
      return rows.map(toRow);
    },
  );
};

export default client;
