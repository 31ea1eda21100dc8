import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { containsIgnoringCase } from '../../lib/search.js';
import type { ClientSearchRow } from '../../contract/client.js';
import { clientsWithBcn } from '../colonial/bcn.js';

export const SEARCH_LIMIT = 50;
export const RECENTLY_VIEWED_LIMIT = 10;

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

/** The clients a user opened last, newest first. */
export async function recentlyViewedClients(
  db: Kysely<Database>,
  userId: string,
): Promise<ClientSearchRow[]> {
  const rows = await db
    .selectFrom('client_view as v')
    .innerJoin('company as c', 'c.company_id', 'v.company_id')
    .select(clientColumns)
    .where('v.user_id', '=', userId)
    .where('c.kind', '=', 'client')
    .orderBy('v.viewed_at', 'desc')
    .limit(RECENTLY_VIEWED_LIMIT)
    .execute();
  return rows.map(toRow);
}

/**
 * 'Search All Clients': clients whose name contains the text, whose federal tax id is the text (all
 * nine digits, typed with or without the dash), or whose account id at their partner is the text; by
 * name. An empty text finds nothing.
 */
export async function searchClients(db: Kysely<Database>, text: string): Promise<ClientSearchRow[]> {
  const searchText = text.trim();
  if (!searchText) return [];
  // A tax id matches whole, typed with or without its dash (stored either way), like the account id:
  // an equality the index answers, where a part of the digits would make every client's row a LIKE.
  const taxDigits = /^\d{2}-?\d{7}$/.test(searchText) ? searchText.replace('-', '') : '';
  const rows = await db
    .selectFrom('company as c')
    .select(clientColumns)
    .where('c.kind', '=', 'client')
    .where((eb) =>
      eb.or([
        containsIgnoringCase('c.name', searchText),
        sql<boolean>`lower(${sql.ref('c.strategic_partner_account_id')}) = ${searchText.toLowerCase()}`,
        ...(taxDigits
          ? [eb('c.federal_tax_id', 'in', [`${taxDigits.slice(0, 2)}-${taxDigits.slice(2)}`, taxDigits])]
          : []),
      ]),
    )
    .orderBy('c.name')
    .orderBy('c.company_id')
    .limit(SEARCH_LIMIT)
    .execute();
  return rows.map(toRow);
}

/** `GET client/search`: by BCN when one is asked (`?bcn=`), otherwise by the search text. */
export async function findClients(
  db: Kysely<Database>,
  query: { searchText: string; bcn?: string | undefined },
): Promise<ClientSearchRow[]> {
  return query.bcn !== undefined ? clientsWithBcn(db, query.bcn) : searchClients(db, query.searchText);
}
