import { MAX_PAGE, MAX_PAGE_SIZE, Page, Type, Uuid, type FastifyPluginAsyncTypebox } from 'service-kit';
import { PAGE_SIZE } from 'shared-domain';
import { COMPLIANCE } from '../../lib/contract.js';
import { excelResponse, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { PartnerClient } from '../../contract/strategic-partner-clients.js';
import { listPartnerClients, type PartnerClientExportRow } from '../../domain/partners/clients.js';

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
const CLIENT_COLUMNS: readonly ExcelColumn<PartnerClientExportRow>[] = [
  { header: 'Client Id', key: 'clientId', width: 38 },
  { header: 'Name', key: 'name', width: 32 },
  { header: 'Phone', key: 'phone', width: 16 },
  { header: 'Account Id', key: 'strategicPartnerAccountId', width: 16 },
  { header: 'Broker', key: 'broker', width: 24 },
  { header: 'Address', key: 'address', width: 32 },
  { header: 'City', key: 'city', width: 18 },
  { header: 'State', key: 'state', width: 8 },
  { header: 'Zip Code', key: 'zipCode', width: 12 },
  { header: 'Federal Tax ID', key: 'federalTaxId', width: 16 },
];

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
      const { page = 1, pageSize = PAGE_SIZE } = request.query;
      const list = await listPartnerClients(app, request.params.id, {
        page,
        pageSize,
        exporting: request.query.export === true,
      });
      if (list.kind === 'export')
        return sendExcel(reply, list.fileName, 'Clients', CLIENT_COLUMNS, list.clients);
      return reply.type('application/json').send({ data: list.data, pages: list.pages });
    },
  );
};

export default partnerClientRoutes;
