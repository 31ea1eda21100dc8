import type { Kysely, Selectable } from 'kysely';
import { badRequest, notFound } from 'service-kit';
import type { CompanyTable, Database } from '../../db/schema.js';
import { companyDetailOf } from '../../lib/company-detail.js';
import { offsetFor, pagesFor } from '../../lib/pagination.js';
import type { IdentityDirectory } from '../../plugins/app/identity.js';
import type { PartnerClient } from '../../contract/strategic-partner-clients.js';
import { PARTNERS_MESSAGES } from './messages.js';
import { partnerFileName, partnerName } from './partner-queries.js';

type ClientRow = Pick<
  Selectable<CompanyTable>,
  | 'company_id'
  | 'name'
  | 'phone'
  | 'strategic_partner_account_id'
  | 'broker_user_id'
  | 'address_line1'
  | 'address_line2'
  | 'city'
  | 'state'
  | 'zip_code'
  | 'federal_tax_id'
  | 'notes'
>;

/** A row of the clients' Excel file: the client and its company detail, side by side. */
export type PartnerClientExportRow = PartnerClient & PartnerClient['companyDetail'];

/**
 * What `GET strategic-partner/{companyId}/client` answers: a page of the partner's clients, or (with
 * `export=true`) the file name and all its clients, read in batches as the file is written.
 */
export type PartnerClientList =
  | { kind: 'page'; data: PartnerClient[]; pages: number }
  | { kind: 'export'; fileName: string; clients: AsyncGenerator<PartnerClientExportRow> };

/**
 * A partner's clients (README "Strategic partner clients"): the client companies whose
 * `strategic_partner_id` names it — set when a client is created through the partner's order form,
 * or by compliance (POST client/{clientId}/partner, 'Update Client Level') — by name.
 */
const partnerClients = (db: Kysely<Database>, partnerId: string) =>
  db.selectFrom('company').where('kind', '=', 'client').where('strategic_partner_id', '=', partnerId);

const selectClients = (db: Kysely<Database>, partnerId: string) =>
  partnerClients(db, partnerId)
    .select([
      'company_id',
      'name',
      'phone',
      'strategic_partner_account_id',
      'broker_user_id',
      'address_line1',
      'address_line2',
      'city',
      'state',
      'zip_code',
      'federal_tax_id',
      'notes',
    ])
    .orderBy('name')
    .orderBy('company_id');

/** The brokers' full names, looked up once for a page (or a batch of the export). */
async function brokerNames(identity: IdentityDirectory, rows: ClientRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.broker_user_id ? [row.broker_user_id] : [])))];
  if (ids.length === 0) return new Map();
  // Without identity-api the list (and an export already streaming) goes on with blank brokers.
  const users = await identity.lookupUsers(ids).catch(() => []);
  return new Map(
    users.map((user) => [user.userId, `${user.firstName} ${user.lastName}`.trim() || user.userName]),
  );
}

function clientOf(row: ClientRow, brokers: Map<string, string>): PartnerClient {
  const text = (value: string | null) => value ?? '';
  const companyDetail = companyDetailOf(row);
  return {
    clientId: row.company_id,
    name: row.name,
    phone: companyDetail.phone,
    strategicPartnerAccountId: text(row.strategic_partner_account_id),
    broker: row.broker_user_id ? (brokers.get(row.broker_user_id) ?? '') : '',
    city: companyDetail.city,
    state: companyDetail.state,
    address: [row.address_line1, row.address_line2].filter((line) => line).join(', '),
    companyDetail,
  };
}

/** Rows of the export read per query (and brokers looked up per batch). */
const EXPORT_BATCH = 1000;

async function* allClients(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  partnerId: string,
): AsyncGenerator<PartnerClientExportRow> {
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await selectClients(db, partnerId).limit(EXPORT_BATCH).offset(offset).execute();
    const brokers = await brokerNames(identity, rows);
    for (const row of rows) {
      const client = clientOf(row, brokers);
      yield { ...client, ...client.companyDetail };
    }
    if (rows.length < EXPORT_BATCH) return;
  }
}

/**
 * A page of a partner's clients (specs/3-admin.md §7), or all of them for the Excel file
 * (`exporting`: the screen sends page=0&pageSize=0). Refused: a page or page size below 1 without
 * the export (400), then an id that names no strategic partner (404).
 */
export async function listPartnerClients(
  deps: { db: Kysely<Database>; identity: IdentityDirectory },
  partnerId: string,
  query: { page: number; pageSize: number; exporting: boolean },
): Promise<PartnerClientList> {
  const { db, identity } = deps;
  const { page, pageSize, exporting } = query;
  if (!exporting && (page < 1 || pageSize < 1)) throw badRequest(PARTNERS_MESSAGES.pageRequired);
  const name = await partnerName(db, partnerId);
  if (name === undefined) throw notFound(PARTNERS_MESSAGES.notFound);
  if (exporting) {
    return {
      kind: 'export',
      fileName: `${partnerFileName(name)} Clients`,
      clients: allClients(db, identity, partnerId),
    };
  }
  const { count } = await partnerClients(db, partnerId)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  const paging = { page, pageSize, searchText: '' };
  const rows =
    offsetFor(paging) >= Number(count)
      ? []
      : await selectClients(db, partnerId).limit(pageSize).offset(offsetFor(paging)).execute();
  const brokers = await brokerNames(identity, rows);
  return {
    kind: 'page',
    data: rows.map((row) => clientOf(row, brokers)),
    pages: pagesFor(Number(count), pageSize),
  };
}
