import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DocumentListRow, Page } from 'shared-domain';
import type { Database, EpopDocumentTable } from '../../db/schema.js';
import { offsetFor, pagesFor, type PagedSearchQuery } from '../../lib/pagination.js';
import { containsIgnoringCase } from '../../lib/search.js';

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
