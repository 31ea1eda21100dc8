import type { Kysely } from 'kysely';
import { Type, type FastifyPluginAsyncTypebox, type Static } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { COMPLIANCE } from '../../lib/contract.js';
import { excelResponse, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { jsonObject } from '../../lib/json.js';
import { MonthQuery, reportMonth, type ReportMonth } from '../../lib/report-month.js';

/**
 * The bill file's transaction codes (README "Colonial bill file"): `A` a Colonial document created in
 * the month that renews nothing (a new enrolment), `R` one created in the month that renews an earlier
 * document, `C` a document whose no-pay reason was processed in the month (Colonial stops billing it).
 */
export const TRANS_CODES = { add: 'A', renewal: 'R', cancel: 'C' } as const;

/** specs/3-admin.md §3 "Bill-file row". */
export const BillFileRow = Type.Object({
  accountId: Type.String(),
  accountIdSuffix: Type.String(),
  clientCompanyName: Type.String(),
  city: Type.String(),
  state: Type.String(),
  group_id: Type.String(),
  agentId: Type.String(),
  createdDate: Type.String({ description: 'when the document was created (ISO timestamp)' }),
  currentPlanYearStartDate: Type.String({ description: 'YYYY-MM-DD' }),
  transCode: Type.Union([Type.Literal('A'), Type.Literal('R'), Type.Literal('C')], {
    description: 'A new enrolment, R renewal, C cancelled by a no-pay reason (README)',
  }),
});
export type BillFileRow = Static<typeof BillFileRow>;

const BILL_FILE_COLUMNS: readonly ExcelColumn<BillFileRow>[] = [
  { header: 'accountId', key: 'accountId', width: 14 },
  { header: 'accountIdSuffix', key: 'accountIdSuffix', width: 16 },
  { header: 'Client', key: 'clientCompanyName', width: 32 },
  { header: 'City', key: 'city', width: 18 },
  { header: 'State', key: 'state', width: 8 },
  { header: 'group_id', key: 'group_id', width: 12 },
  { header: 'agentId', key: 'agentId', width: 12 },
  { header: 'Created', key: 'createdDate', kind: 'date' },
  { header: 'Plan Year Start', key: 'currentPlanYearStartDate', kind: 'date', width: 16 },
  { header: 'transCode', key: 'transCode', width: 10 },
];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The Colonial bill file of a month: every Colonial partner's document created in the month (not an
 * Unpaid one, which nobody ordered yet) as `A` or `R`, and every one whose no-pay reason was processed
 * in the month as `C`; oldest first. "In the month" is in the product's time zone: the database
 * narrows by a UTC window a day wider on each side, the exact day is then the product's.
 */
export async function billFile(db: Kysely<Database>, period: ReportMonth): Promise<BillFileRow[]> {
  const { from, to } = period;
  const inMonth = period.contains;

  const documents = db
    .selectFrom('epop_document as d')
    .innerJoin('company as p', 'p.company_id', 'd.strategic_partner_id')
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .select([
      'd.document_id',
      'd.json',
      'd.created_at',
      'd.plan_year_start',
      'd.original_document_id',
      'd.status',
      'd.no_pay_at',
      'c.name',
      'c.city',
      'c.state',
    ])
    .where('p.colonial', '=', 1);
  const [created, cancelled] = await Promise.all([
    documents
      .where('d.created_at', '>=', from)
      .where('d.created_at', '<', to)
      .where('d.status', '!=', 'Unpaid')
      .execute(),
    documents.where('d.no_pay_at', '>=', from).where('d.no_pay_at', '<', to).execute(),
  ]);

  const row = (document: (typeof created)[number], transCode: BillFileRow['transCode']) => {
    const form = jsonObject(document.json);
    return {
      accountId: text(form.accountId),
      accountIdSuffix: text(form.accountIdSuffix),
      clientCompanyName: document.name,
      city: document.city ?? '',
      state: document.state ?? '',
      group_id: text(form.groupId),
      agentId: text(form.agentNumber),
      createdDate: document.created_at,
      currentPlanYearStartDate: document.plan_year_start,
      transCode,
    };
  };
  const rows = [
    ...created
      .filter((document) => inMonth(document.created_at))
      .map((document) => ({
        at: document.created_at,
        id: document.document_id,
        row: row(document, document.original_document_id ? TRANS_CODES.renewal : TRANS_CODES.add),
      })),
    ...cancelled
      .filter((document) => inMonth(document.no_pay_at))
      .map((document) => ({
        at: document.no_pay_at!,
        id: document.document_id,
        row: row(document, TRANS_CODES.cancel),
      })),
  ];
  rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return rows.map((entry) => entry.row);
}

/** `GET colonial/bill-file?month&year` and `…/excel` (specs/3-admin.md §7 Colonial). */
const billFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/bill-file',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The Colonial bill file of a month: new, renewed and cancelled Colonial documents',
        querystring: MonthQuery,
        response: { 200: Type.Array(BillFileRow) },
      },
    },
    async (request) => billFile(app.db, reportMonth(request.query)),
  );

  app.get(
    '/bill-file/excel',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The Colonial bill file of a month as an Excel file',
        querystring: MonthQuery,
        response: excelResponse,
      },
    },
    async (request, reply) => {
      const period = reportMonth(request.query);
      const rows = await billFile(app.db, period);
      return sendExcel(reply, `Colonial Bill File ${period.label}`, 'Bill File', BILL_FILE_COLUMNS, rows);
    },
  );
};

export default billFileRoutes;
