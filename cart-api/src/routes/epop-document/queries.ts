import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DocumentListRow, Page } from 'shared-domain';
import type { Database, EpopDocumentTable } from '../../db/schema.js';
import { offsetFor, pagesFor, type PagedSearchQuery } from '../../lib/pagination.js';
import { containsIgnoringCase } from '../../lib/search.js';
import type { EpopDocument } from './schemas.js';

/**
 * 'My POP Documents': the active documents a user owns (a broker's: those ordered for clients;
 * an employer's: their own), newest first, searched by client company name. Each row carries its
 * latest order, and showUserReceipt when a paid order with a receipt covers the document.
 */
export async function listOwnedDocuments(
  db: Kysely<Database>,
  ownerUserId: string,
  query: PagedSearchQuery,
): Promise<Page<DocumentListRow>> {
  const searchText = query.searchText.trim();
  // Every document has its client company (a NOT NULL foreign key), so the count needs no join:
  // without a search it reads the (owner_user_id, active, …) index alone.
  let documents = db
    .selectFrom('epop_document as d')
    .where('d.owner_user_id', '=', ownerUserId)
    .where('d.active', '=', 1);
  if (searchText) {
    documents = documents.where((eb) =>
      eb.exists(
        eb
          .selectFrom('company as c')
          .select(sql<number>`1`.as('one'))
          .whereRef('c.company_id', '=', 'd.client_company_id')
          .where(containsIgnoringCase('c.name', searchText)),
      ),
    );
  }

  const { count } = await documents.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow();
  const pages = pagesFor(Number(count), query.pageSize);
  // Past the last row there is nothing to fetch (and a search without matches costs one scan).
  if (offsetFor(query) >= Number(count)) return { data: [], pages };
  const rows = await documents
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .select((eb) => [
      'd.document_id',
      'd.client_company_id',
      'd.plan_year_start',
      'd.plan_year_end',
      'd.created_at',
      'c.name',
      latestOrder(eb, 'o.order_id').as('order_id'),
      latestOrder(eb, 'o.order_number').as('order_number'),
      eb
        .exists(
          eb
            .selectFrom('order_item as oi')
            .innerJoin('orders as o', 'o.order_id', 'oi.order_id')
            .select(sql<number>`1`.as('one'))
            .whereRef('oi.document_id', '=', 'd.document_id')
            .where('o.paid_at', 'is not', null)
            .where('o.receipt', 'is not', null),
        )
        .as('has_receipt'),
    ])
    .orderBy('d.created_at', 'desc')
    .orderBy('d.document_id', 'desc')
    .limit(query.pageSize)
    .offset(offsetFor(query))
    .execute();

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
      // SQLite answers 0/1, PostgreSQL true/false.
      showUserReceipt: Boolean(Number(row.has_receipt)),
    })),
    pages,
  };
}

// The expression builder of a query over `epop_document as d`.
type DocumentQueryBuilder = ExpressionBuilder<Database & { d: EpopDocumentTable }, 'd'>;

function latestOrder(eb: DocumentQueryBuilder, column: 'o.order_id' | 'o.order_number') {
  return eb
    .selectFrom('order_item as oi')
    .innerJoin('orders as o', 'o.order_id', 'oi.order_id')
    .select(column)
    .whereRef('oi.document_id', '=', 'd.document_id')
    .orderBy('o.created_at', 'desc')
    .limit(1);
}

/** What the ownership rules need to know about one document, as seen by one user. */
export interface DocumentOwnership {
  ownerUserId: string;
  /** The broker of the document's client company. */
  clientBrokerUserId: string | null;
  /** The user is linked to the document's client company (an employer's own company). */
  linked: boolean;
}

export async function documentOwnership(
  db: Kysely<Database>,
  documentId: string,
  userId: string,
): Promise<DocumentOwnership | undefined> {
  const row = await db
    .selectFrom('epop_document as d')
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .select((eb) => [
      'd.owner_user_id',
      'c.broker_user_id',
      eb
        .exists(
          eb
            .selectFrom('company_user as cu')
            .select(sql<number>`1`.as('one'))
            .whereRef('cu.company_id', '=', 'd.client_company_id')
            .where('cu.user_id', '=', userId),
        )
        .as('linked'),
    ])
    .where('d.document_id', '=', documentId)
    .executeTakeFirst();
  return (
    row && {
      ownerUserId: row.owner_user_id,
      clientBrokerUserId: row.broker_user_id,
      linked: Boolean(Number(row.linked)),
    }
  );
}

export async function documentExists(db: Kysely<Database>, documentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('epop_document')
    .select('document_id')
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** One document as the table holds it, with its order-form fields parsed. */
export async function documentById(
  db: Kysely<Database>,
  documentId: string,
): Promise<EpopDocument | undefined> {
  const row = await db
    .selectFrom('epop_document')
    .select([
      'document_id',
      'client_company_id',
      'name',
      'plan_year_start',
      'plan_year_end',
      'status',
      'json',
      'created_at',
    ])
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    documentId: row.document_id,
    clientId: row.client_company_id,
    name: row.name,
    currentPlanYearStartDate: row.plan_year_start,
    currentPlanYearEndDate: row.plan_year_end,
    status: row.status,
    form: parseForm(row.json),
    // The no-pay reasons are managed in the back office (a later issue); none are offered until then.
    colonial: { noPayOptions: [] },
    createdDate: row.created_at,
  };
}

function parseForm(json: string): Record<string, unknown> {
  const value: unknown = JSON.parse(json);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
