import { sql, type Kysely } from 'kysely';
import type { Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import type { ClientDetails, ClientDocument } from './schemas.js';

/** One client's details; undefined for an id that names no client. */
export async function clientDetails(
  db: Kysely<Database>,
  clientId: string,
): Promise<ClientDetails | undefined> {
  const row = await db
    .selectFrom('company')
    .selectAll()
    .where('company_id', '=', clientId)
    .where('kind', '=', 'client')
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    clientId: row.company_id,
    brokerId: row.broker_user_id,
    companyDetail: {
      name: row.name,
      addressLine1: row.address_line1 ?? '',
      addressLine2: row.address_line2 ?? '',
      city: row.city ?? '',
      state: row.state ?? '',
      zipCode: row.zip_code ?? '',
      phone: row.phone ?? '',
      federalTaxId: row.federal_tax_id ?? '',
      legalEntityType: row.legal_entity_type ?? '',
      stateOfLegalConstruction: row.state_of_legal_construction ?? '',
    },
  };
}

/**
 * The client's active documents, newest first (whoever ordered them: the client page shows the
 * company's documents, as the document policy lets its broker and linked users act on them). An
 * inactive document has left the dashboards (specs/2-documents.md §4 Deactivation).
 */
export async function clientDocuments(
  db: Kysely<Database>,
  clientId: string,
  /** Compliance sees deactivated documents too (to reactivate them). */
  withInactive = false,
): Promise<ClientDocument[]> {
  let query = db
    .selectFrom('epop_document')
    .select(['document_id', 'name', 'plan_year_start', 'plan_year_end', 'status', 'created_at'])
    .where('client_company_id', '=', clientId);
  if (!withInactive) query = query.where('active', '=', 1);
  const rows = await query.orderBy('created_at', 'desc').orderBy('document_id', 'desc').execute();
  return rows.map((row) => ({
    documentId: row.document_id,
    name: row.name,
    currentPlanYearStartDate: row.plan_year_start,
    currentPlanYearEndDate: row.plan_year_end,
    status: row.status,
    createdDate: row.created_at,
  }));
}

/** Records that a user opened a client ('Recently Viewed' lists the last ones). */
export async function recordClientView(
  db: Kysely<Database>,
  userId: string,
  clientId: string,
): Promise<void> {
  const viewedAt = new Date().toISOString();
  await db
    .insertInto('client_view')
    .values({ user_id: userId, company_id: clientId, viewed_at: viewedAt })
    .onConflict((oc) => oc.columns(['user_id', 'company_id']).doUpdateSet({ viewed_at: viewedAt }))
    .execute();
}

/**
 * The newest client with this federal tax id (stored as the mask shows it, ##-#######) among those
 * the caller looks after: a broker's, an employer's linked companies; compliance: all. Another
 * broker's client is not disclosed.
 */
export async function callersClientWithTaxId(
  db: Kysely<Database>,
  caller: Caller,
  taxIdWithoutDash: string,
): Promise<ClientDetails | undefined> {
  const taxId = `${taxIdWithoutDash.slice(0, 2)}-${taxIdWithoutDash.slice(2)}`;
  let query = db
    .selectFrom('company as c')
    .select('c.company_id')
    .where('c.kind', '=', 'client')
    .where('c.federal_tax_id', '=', taxId);
  if (caller.roleGroup !== 'compliance') {
    query = query.where((eb) =>
      eb.or([
        eb('c.broker_user_id', '=', caller.userId),
        eb.exists(
          eb
            .selectFrom('company_user as cu')
            .select(sql<number>`1`.as('one'))
            .whereRef('cu.company_id', '=', 'c.company_id')
            .where('cu.user_id', '=', caller.userId),
        ),
      ]),
    );
  }
  const match = await query.orderBy('c.created_at', 'desc').limit(1).executeTakeFirst();
  return match && clientDetails(db, match.company_id);
}
