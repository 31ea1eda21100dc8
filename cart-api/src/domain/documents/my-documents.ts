import { PostgresAdapter, sql, type Kysely, type SqlBool } from 'kysely';
import type { Caller } from 'service-kit';
import { productToday, roleInfo, type IsoDate, type RoleGroup } from 'shared-domain';
import { readyForRenewal } from 'shared-domain/forms';
import type { DocumentPage } from '../../contract/epop-document.js';
import type { Database } from '../../db/schema.js';
import { offsetFor, pagesFor, type PagedSearchQuery } from '../../lib/pagination.js';
import { containsIgnoringCase, lowerCasedContains } from '../../lib/search.js';
import type { IdentityDirectory } from '../../plugins/app/identity.js';
import { isReadOnly, latestOrder } from './queries.js';
import { customerReach, reaches, reachParts, type DocumentReach } from './reach.js';
import { renewedDocument } from './renewal.js';

export interface MyDocumentsDeps {
  db: Kysely<Database>;
  /** The role of the user whose list compliance looks at. */
  identity: Pick<IdentityDirectory, 'lookupUsers'>;
  now: () => Date;
}

/**
 * `GET epop-document/{userId}?page…` ('My POP Documents', specs/1-foundation.md §2): the active
 * documents that user may act on, by the `document` policy's rule (reach.ts): a broker's own and
 * their clients', an employer's own and their companies'. The user's role group is the caller's own,
 * or (compliance looking at another user's list) the one identity-api gives them; an account it does
 * not know acts on nothing. Compliance acts on every document through the back office (Orders,
 * Clients); their own list is the documents they own.
 */
export async function myPopDocuments(
  deps: MyDocumentsDeps,
  caller: Caller,
  userId: string,
  query: PagedSearchQuery,
): Promise<DocumentPage> {
  const roleGroup = caller.userId === userId ? caller.roleGroup : await roleGroupOf(deps.identity, userId);
  const reach: DocumentReach | null =
    roleGroup === 'compliance' ? { userId, owned: true, companies: null } : customerReach(roleGroup, userId);
  if (!reach) return { data: [], pages: 0 };
  return listDocuments(deps.db, reach, query, productToday(deps.now()), {
    everyReceipt: roleGroup === 'compliance',
  });
}

async function roleGroupOf(identity: MyDocumentsDeps['identity'], userId: string): Promise<RoleGroup> {
  const [user] = await identity.lookupUsers([userId]);
  return roleInfo(user?.role ? [user.role] : []).roleGroup;
}

/**
 * The reach's active documents, newest first, searched by client company name. Each row carries its
 * latest order, and showUserReceipt when that order's receipt is the user's to read (the `receipt`
 * policy: they placed it, or every document on it is theirs; `everyReceipt`: compliance's).
 */
export async function listDocuments(
  db: Kysely<Database>,
  reach: DocumentReach,
  query: PagedSearchQuery,
  /** The product's day the renewal window is counted from. */
  today: IsoDate,
  { everyReceipt = false }: { everyReceipt?: boolean } = {},
): Promise<DocumentPage> {
  const searchText = query.searchText.trim();
  const { ids, count } = searchText
    ? await searchedPage(db, reach, query, searchText)
    : await unsearchedPage(db, reach, query);
  const pages = pagesFor(count, query.pageSize);
  if (ids.length === 0) return { data: [], pages };
  const rows = await db
    .selectFrom('epop_document as d')
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .select((eb) => [
      'd.document_id',
      'd.client_company_id',
      'd.plan_year_start',
      'd.plan_year_end',
      'd.created_at',
      'd.status',
      'd.active',
      'd.status_before_inactive',
      'c.name',
      renewedDocument(eb).as('renewed'),
      latestOrder(eb, 'o.order_id').as('order_id'),
      latestOrder(eb, 'o.order_number').as('order_number'),
    ])
    .where('d.document_id', 'in', ids)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.document_id', 'desc')
    .execute();
  const receipts = await readableReceipts(
    db,
    everyReceipt ? null : reach,
    rows.flatMap((row) => (row.order_id ? [row.order_id] : [])),
  );

  return {
    data: rows.map((row) => ({
      documentId: row.document_id,
      orderId: row.order_id,
      orderNumber: row.order_number,
      name: row.name,
      clientId: row.client_company_id,
      startDate: row.plan_year_start,
      endDate: row.plan_year_end,
      createdDate: row.created_at,
      showUserReceipt: row.order_id !== null && receipts.has(row.order_id),
      status: row.status,
      isReadOnly: isReadOnly(row),
      deactivated: row.status_before_inactive !== null,
      readyForRenewal: readyForRenewal(
        {
          status: row.status,
          active: true,
          planYearEnd: row.plan_year_end,
          // SQLite answers 0/1, PostgreSQL true/false.
          renewed: Boolean(Number(row.renewed)),
        },
        today,
      ),
    })),
    pages,
  };
}

/** A page of the list: its documents' ids in the list's order, and how many the list holds. */
interface ListPage {
  ids: string[];
  count: number;
}

/** The reach's active documents, one SELECT of their ids and creation times per part of the rule (reach.ts). */
function documentParts(db: Kysely<Database>, reach: DocumentReach, searched: boolean) {
  return reachParts(reach).map((part) =>
    db
      .selectFrom('epop_document as d')
      .select(['d.document_id', 'd.created_at'])
      .where('d.active', '=', 1)
      .where(part)
      .$if(searched, (documents) =>
        documents.where(sql<SqlBool>`d.client_company_id in (select company_id from matched)`),
      ),
  );
}

/** All of them: the parts joined by UNION ALL (`searched`: only those of the clients in the `matched` CTE). */
function listedDocuments(db: Kysely<Database>, reach: DocumentReach, searched: boolean) {
  return documentParts(db, reach, searched).reduce((all, part) => all.unionAll(part));
}

/**
 * Without a search: the page takes from each part, in its order, no more rows than the page needs
 * (its index read in order for the owned part, a sort of the few others' documents for the company
 * parts), then orders those: neither engine sorts the whole list, and rows skipped by OFFSET cost no
 * per-row subqueries. The count, in the same statement, reads the parts' indexes alone. A page past
 * the end answers no row, and then the count is asked alone.
 */
async function unsearchedPage(
  db: Kysely<Database>,
  reach: DocumentReach,
  query: PagedSearchQuery,
): Promise<ListPage> {
  const counted = () =>
    db
      .selectFrom(listedDocuments(db, reach, false).as('listed'))
      .select((eb) => eb.fn.countAll().as('count'));
  const needed = offsetFor(query) + query.pageSize;
  const heads = documentParts(db, reach, false)
    .map((part) =>
      db
        .selectFrom(
          part.orderBy('d.created_at', 'desc').orderBy('d.document_id', 'desc').limit(needed).as('head'),
        )
        .select(['head.document_id', 'head.created_at']),
    )
    .reduce((all, head) => all.unionAll(head));
  const rows = await db
    .selectFrom(heads.as('page'))
    .select(['page.document_id', counted().as('count')])
    .orderBy('page.created_at', 'desc')
    .orderBy('page.document_id', 'desc')
    .limit(query.pageSize)
    .offset(offsetFor(query))
    .execute();
  if (rows.length > 0) return { ids: rows.map((row) => row.document_id), count: Number(rows[0]!.count) };
  if (offsetFor(query) === 0) return { ids: [], count: 0 };
  const { count } = await counted().executeTakeFirstOrThrow();
  return { ids: [], count: Number(count) };
}

/**
 * With a search: the clients whose name contains the text are found once (`matched`, materialized: one
 * pass over company_kind_name, or PostgreSQL's trigram index, migration 0012) and each part keeps the
 * documents of those; the page and the count come in one statement (a window count over the few
 * documents that match), so the names are read once a request. A page past the end answers no row,
 * and then the count is asked alone.
 */
async function searchedPage(
  db: Kysely<Database>,
  reach: DocumentReach,
  query: PagedSearchQuery,
  searchText: string,
): Promise<ListPage> {
  const withMatched = () =>
    db.with(
      (cte) => cte('matched').materialized(),
      (creator) =>
        creator
          .selectFrom('company as c')
          .select('c.company_id')
          .where('c.kind', '=', 'client')
          .where(nameContains(db, searchText)),
    );
  const listed = listedDocuments(db, reach, true);
  const rows = await withMatched()
    .selectFrom(listed.as('listed'))
    .select((eb) => ['listed.document_id', eb.fn.countAll().over().as('count')])
    .orderBy('listed.created_at', 'desc')
    .orderBy('listed.document_id', 'desc')
    .limit(query.pageSize)
    .offset(offsetFor(query))
    .execute();
  if (rows.length > 0) return { ids: rows.map((row) => row.document_id), count: Number(rows[0]!.count) };
  if (offsetFor(query) === 0) return { ids: [], count: 0 };
  const { count } = await withMatched()
    .selectFrom(listed.as('listed'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return { ids: [], count: Number(count) };
}

/**
 * `c.name` contains the text, ignoring case, as containsIgnoringCase (lib/search.ts) matches it. The one
 * place the engines differ: PostgreSQL compares lower(name), which its trigram index serves (migration
 * 0012); SQLite's LIKE already ignores case exactly as far as its lower() goes (ASCII letters), so there
 * the name is compared as it is, the same rows for half the pass over the names.
 */
function nameContains(db: Kysely<Database>, searchText: string) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? containsIgnoringCase('c.name', searchText)
    : lowerCasedContains('c.name', searchText);
}

/**
 * Which of these orders are paid, with a receipt the user may read: they placed it, or the reach
 * covers every document on it (an order of several clients shows each one's company and price).
 * `reach` null: every receipt (compliance).
 */
async function readableReceipts(
  db: Kysely<Database>,
  reach: DocumentReach | null,
  orderIds: string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('orders as o')
    .select('o.order_id')
    .where('o.order_id', 'in', [...new Set(orderIds)])
    .where('o.paid_at', 'is not', null)
    .where('o.receipt', 'is not', null)
    .$if(reach !== null, (orders) =>
      orders.where((eb) =>
        eb.or([
          eb('o.user_id', '=', reach!.userId),
          eb.not(
            eb.exists(
              eb
                .selectFrom('order_item as oi')
                .innerJoin('epop_document as d', 'd.document_id', 'oi.document_id')
                .select(sql<number>`1`.as('one'))
                .whereRef('oi.order_id', '=', 'o.order_id')
                .where((inner) => inner.not(reaches(inner, reach!))),
            ),
          ),
        ]),
      ),
    )
    .execute();
  return new Set(rows.map((row) => row.order_id));
}
