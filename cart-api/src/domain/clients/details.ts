import { sql, type Kysely } from 'kysely';
import { notFound, type Caller } from 'service-kit';
import type { IsoDate } from 'shared-domain';
import { readyForRenewal } from 'shared-domain/forms';
import type { Database } from '../../db/schema.js';
import { companyDetailOf } from '../../lib/company-detail.js';
import type { IdentityDirectory } from '../../plugins/app/identity.js';
import type { ClientDetails, ClientDocument } from '../../contract/client.js';
import { CLIENTS_MESSAGES } from './messages.js';
import { isReadOnly } from '../documents/queries.js';
import { renewedDocument } from '../documents/renewal.js';

/** The broker's name and e-mail as identity-api knows them; blank when it does not (or is down). */
export async function brokerOf(
  identity: IdentityDirectory,
  brokerId: string | null,
): Promise<{ broker: string; brokerEmail: string }> {
  if (!brokerId) return { broker: '', brokerEmail: '' };
  try {
    const [user] = await identity.lookupUsers([brokerId]);
    if (!user) return { broker: '', brokerEmail: '' };
    return { broker: `${user.firstName} ${user.lastName}`.trim() || user.userName, brokerEmail: user.email };
  } catch {
    // The page still shows the client; the broker's name comes back with identity-api.
    return { broker: '', brokerEmail: '' };
  }
}

/** One client's details; undefined for an id that names no client. */
export async function clientDetails(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  clientId: string,
): Promise<ClientDetails | undefined> {
  const row = await db
    .selectFrom('company as c')
    .leftJoin('company as p', (join) =>
      join.onRef('p.company_id', '=', 'c.strategic_partner_id').on('p.kind', '=', 'strategic-partner'),
    )
    .selectAll('c')
    .select('p.name as partner_name')
    .where('c.company_id', '=', clientId)
    .where('c.kind', '=', 'client')
    .executeTakeFirst();
  if (!row) return undefined;
  const legalEntityType = row.legal_entity_type ?? '';
  const stateOfLegalConstruction = row.state_of_legal_construction ?? '';
  return {
    clientId: row.company_id,
    brokerId: row.broker_user_id,
    ...(await brokerOf(identity, row.broker_user_id)),
    companyDetail: { ...companyDetailOf(row), legalEntityType, stateOfLegalConstruction },
    legalEntityType,
    stateOfLegalConstruction,
    strategicPartnerId: row.partner_name ? row.strategic_partner_id : null,
    strategicPartner: row.partner_name ?? '',
    strategicPartnerAccountId: (row.partner_name && row.strategic_partner_account_id) || '',
    erisaAccount: row.erisa_account === 1,
  };
}

/**
 * The client details page (`GET client/{clientId}`): the client's details, 404 for an id that names
 * no client. 'Recently Viewed' is the back office's list: only compliance's views are kept.
 */
export async function openClient(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  caller: Pick<Caller, 'userId' | 'roleGroup'>,
  clientId: string,
): Promise<ClientDetails> {
  const details = await clientDetails(db, identity, clientId);
  if (!details) throw notFound(CLIENTS_MESSAGES.notFound);
  if (caller.roleGroup === 'compliance') await recordClientView(db, caller.userId, details.clientId);
  return details;
}

/** The client page's documents as the caller sees them: compliance's include the inactive ones. */
export async function callersClientDocuments(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  caller: Pick<Caller, 'roleGroup'>,
  clientId: string,
  /** The product's day the renewal window is counted from. */
  today: IsoDate,
): Promise<ClientDocument[]> {
  return clientDocuments(db, identity, clientId, today, caller.roleGroup === 'compliance');
}

/**
 * The client's active documents, newest first (whoever ordered them: the client page shows the
 * company's documents, as the document policy lets its broker and linked users act on them). An
 * inactive document has left the dashboards (specs/2-documents.md §4 Deactivation). Each names the
 * order that paid for it last (its receipt) and who created it (a username from identity-api), and
 * what the documents' actions menu needs (read-only, deactivated, ready for renewal on `today`).
 */
export async function clientDocuments(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  clientId: string,
  /** The product's day the renewal window is counted from. */
  today: IsoDate,
  /** Compliance sees deactivated documents too (to reactivate them). */
  withInactive = false,
): Promise<ClientDocument[]> {
  let query = db
    .selectFrom('epop_document as d')
    .select((eb) => [
      'd.document_id',
      'd.name',
      'd.plan_year_start',
      'd.plan_year_end',
      'd.status',
      'd.active',
      'd.status_before_inactive',
      'd.created_at',
      'd.created_by',
      renewedDocument(eb).as('renewed'),
    ])
    .where('d.client_company_id', '=', clientId);
  if (!withInactive) query = query.where('d.active', '=', 1);
  const rows = await query.orderBy('d.created_at', 'desc').orderBy('d.document_id', 'desc').execute();
  if (rows.length === 0) return [];

  const orders = await db
    .selectFrom('order_item as i')
    .innerJoin('orders as o', 'o.order_id', 'i.order_id')
    .select(['i.document_id', 'o.order_id', 'o.order_number', 'o.paid_at', 'o.created_at'])
    .where(
      'i.document_id',
      'in',
      rows.map((row) => row.document_id),
    )
    .orderBy('o.created_at', 'asc')
    .execute();
  // The last order of each document wins (a deactivated document bought again).
  const orderOf = new Map(orders.map((order) => [order.document_id, order]));
  const creators = await usernames(
    identity,
    rows.flatMap((row) => (row.created_by ? [row.created_by] : [])),
  );

  return rows.map((row) => {
    const order = orderOf.get(row.document_id);
    return {
      documentId: row.document_id,
      orderId: order?.order_id ?? null,
      orderNumber: order?.order_number ?? '',
      showUserReceipt: order?.paid_at != null,
      name: row.name,
      currentPlanYearStartDate: row.plan_year_start,
      currentPlanYearEndDate: row.plan_year_end,
      status: row.status,
      createdDate: row.created_at,
      createdBy: (row.created_by && creators.get(row.created_by)) || '',
      isReadOnly: isReadOnly(row),
      deactivated: row.status_before_inactive !== null,
      readyForRenewal: readyForRenewal(
        {
          status: row.status,
          active: Number(row.active) === 1,
          planYearEnd: row.plan_year_end,
          // SQLite answers 0/1, PostgreSQL true/false.
          renewed: Boolean(Number(row.renewed)),
        },
        today,
      ),
    };
  });
}

/** Usernames by user id (ids identity-api does not know, or all when it is down, are absent). */
async function usernames(identity: IdentityDirectory, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  try {
    const users = await identity.lookupUsers([...new Set(userIds)]);
    return new Map(users.map((user) => [user.userId, user.userName]));
  } catch {
    return new Map();
  }
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
  identity: IdentityDirectory,
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
  return match && clientDetails(db, identity, match.company_id);
}
