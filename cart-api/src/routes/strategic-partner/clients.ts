import type { Kysely, Selectable } from 'kysely';
import {
  badRequest,
  MAX_PAGE,
  MAX_PAGE_SIZE,
  notFound,
  Page,
  Type,
  Uuid,
  type FastifyPluginAsyncTypebox,
  type Static,
} from 'service-kit';
import { PAGE_SIZE } from 'shared-domain';
import type { CompanyTable, Database } from '../../db/schema.js';
import { COMPLIANCE } from '../../lib/contract.js';
import { companyDetailOf } from '../../lib/company-detail.js';
import { excelResponse, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { offsetFor, pagesFor } from '../../lib/pagination.js';
import type { IdentityDirectory } from '../../plugins/app/identity.js';

export const PARTNER_CLIENT_MESSAGES = {
  partnerNotFound: 'Strategic partner not found',
  pageRequired: 'Page and page size must be at least 1 (page=0&pageSize=0 only with export=true)',
} as const;

/** The company fields of a partner client (specs/3-admin.md §3 "Strategic partner company"). */
const ClientCompanyDetail = Type.Object({
  name: Type.String(),
  phone: Type.String(),
  federalTaxId: Type.String(),
  addressLine1: Type.String(),
  addressLine2: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zipCode: Type.String(),
  notes: Type.String(),
});

/** specs/3-admin.md §3 "Partner client". */
export const PartnerClient = Type.Object({
  clientId: Uuid(),
  name: Type.String(),
  phone: Type.String(),
  strategicPartnerAccountId: Type.String({
    description: "the client's account id at the partner ('' if none)",
  }),
  broker: Type.String({ description: "the broker's full name ('' if none)" }),
  city: Type.String(),
  state: Type.String(),
  address: Type.String({ description: 'address lines 1 and 2, comma-separated' }),
  companyDetail: ClientCompanyDetail,
});
export type PartnerClient = Static<typeof PartnerClient>;

const PartnerParams = Type.Object(
  { id: Uuid({ description: 'the strategic partner (its companyId)' }) },
  { additionalProperties: false },
);
const ClientListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_SIZE, default: PAGE_SIZE })),
    export: Type.Optional(
      Type.Boolean({ description: 'true: an Excel file of all the clients (with page=0&pageSize=0)' }),
    ),
  },
  { additionalProperties: false },
);

/** The Excel file's columns (the screen's, then the rest of the client's details). */
const CLIENT_COLUMNS: readonly ExcelColumn<PartnerClient & PartnerClient['companyDetail']>[] = [
  { header: 'Client Id', key: 'clientId', width: 38 },
  { header: 'Name', key: 'name', width: 32 },
  { header: 'Phone', key: 'phone', width: 16 },
  { header: 'Account Id', key: 'strategicPartnerAccountId', width: 16 },
  { header: 'Broker', key: 'broker', width: 24 },
  { header: 'Address', key: 'address', width: 32 },
  { header: 'City', key: 'city', width: 18 },
  { header: 'State', key: 'state', width: 8 },
  { header: 'Zip Code', key: 'zipCode', width: 12 },
  { header: 'Federal Tax Id', key: 'federalTaxId', width: 16 },
];

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

async function* allClients(db: Kysely<Database>, identity: IdentityDirectory, partnerId: string) {
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

/** The partner's name; undefined when the id names no strategic partner. */
export async function partnerName(db: Kysely<Database>, partnerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('company')
    .select('name')
    .where('company_id', '=', partnerId)
    .where('kind', '=', 'strategic-partner')
    .executeTakeFirst();
  return row?.name;
}

/** A file name part without the characters file systems refuse. */
export const safeFileName = (name: string) =>
  name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Strategic Partner';

/**
 * `GET strategic-partner/{companyId}/client?page&pageSize=10` (specs/3-admin.md §7): a page of the
 * partner's clients; with `export=true` (the screen sends page=0&pageSize=0) an Excel file of all.
 */
const partnerClientRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:id/client',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: "A strategic partner's clients, ten a page, or all of them as an Excel file (export=true)",
        params: PartnerParams,
        querystring: ClientListQuery,
        response: {
          200: {
            content: {
              'application/json': { schema: Page(PartnerClient) },
              ...excelResponse[200].content,
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { id: companyId } = request.params;
      const { page = 1, pageSize = PAGE_SIZE } = request.query;
      const exporting = request.query.export === true;
      if (!exporting && (page < 1 || pageSize < 1)) throw badRequest(PARTNER_CLIENT_MESSAGES.pageRequired);
      const name = await partnerName(app.db, companyId);
      if (name === undefined) throw notFound(PARTNER_CLIENT_MESSAGES.partnerNotFound);
      if (exporting) {
        return sendExcel(
          reply,
          `${safeFileName(name)} Clients`,
          'Clients',
          CLIENT_COLUMNS,
          allClients(app.db, app.identity, companyId),
        );
      }
      const { count } = await partnerClients(app.db, companyId)
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirstOrThrow();
      const paging = { page, pageSize, searchText: '' };
      const rows =
        offsetFor(paging) >= Number(count)
          ? []
          : await selectClients(app.db, companyId).limit(pageSize).offset(offsetFor(paging)).execute();
      const brokers = await brokerNames(app.identity, rows);
      return reply
        .type('application/json')
        .send({ data: rows.map((row) => clientOf(row, brokers)), pages: pagesFor(Number(count), pageSize) });
    },
  );
};

export default partnerClientRoutes;
