import type { Kysely } from 'kysely';
import { notFound, Type, Uuid, type FastifyPluginAsyncTypebox, type Static } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { COMPLIANCE } from '../../lib/contract.js';
import { excelResponse, sendExcel, type ExcelColumn } from '../../lib/excel.js';
import { toDollars } from '../../lib/money.js';
import { MonthQuery, reportMonth, type ReportMonth } from '../../lib/report-month.js';
import { partnerName, safeFileName, PARTNER_CLIENT_MESSAGES } from './clients.js';

/** How a row says it was paid (README "Strategic partner report"). */
export const REPORT_PAYMENT_METHODS = {
  card: 'Credit Card',
  ach: 'ACH',
  /** An order whose total was zero (a 100% promo code). */
  free: 'Free',
  /** A document created without a purchase (compliance's free document, the partner's cart bypass). */
  none: 'No Purchase',
} as const;

/** specs/3-admin.md §3 "Partner report row". */
export const PartnerReportRow = Type.Object({
  documentId: Uuid(),
  clientCompanyName: Type.String(),
  city: Type.String(),
  state: Type.String(),
  createdDate: Type.String({ description: 'when the document was created (ISO timestamp)' }),
  currentPlanYearStartDate: Type.String({ description: 'YYYY-MM-DD' }),
  price: Type.Number({ description: 'what was paid, in dollars (0 without a purchase)' }),
  paymentMethod: Type.String({ description: "'Credit Card', 'ACH', 'Free' or 'No Purchase'" }),
  newOrRenewal: Type.Union([Type.Literal('New'), Type.Literal('Renewal')]),
});
export type PartnerReportRow = Static<typeof PartnerReportRow>;

const ReportParams = Type.Object(
  { id: Uuid({ description: 'the strategic partner' }) },
  { additionalProperties: false },
);

/** The Excel rows: prices kept in cents for the currency column. */
type ExcelRow = Omit<PartnerReportRow, 'price'> & { priceCents: number };

const REPORT_COLUMNS: readonly ExcelColumn<ExcelRow>[] = [
  { header: 'Document Id', key: 'documentId', width: 38 },
  { header: 'Client', key: 'clientCompanyName', width: 32 },
  { header: 'City', key: 'city', width: 18 },
  { header: 'State', key: 'state', width: 8 },
  { header: 'Created', key: 'createdDate', kind: 'date' },
  { header: 'Plan Year Start', key: 'currentPlanYearStartDate', kind: 'date', width: 16 },
  { header: 'Price', key: 'priceCents', kind: 'money' },
  { header: 'Payment Method', key: 'paymentMethod', width: 16 },
  { header: 'New or Renewal', key: 'newOrRenewal', width: 16 },
];

/**
 * The partner's sales of a month (README "Strategic partner report"): each paid, not returned order
 * item of one of its documents, paid in the month; and each of its documents created without a
 * purchase in the month. "In the month" is in the product's time zone: the database narrows by a
 * UTC window a day wider on each side, the exact day is then the product's. Oldest first.
 */
export async function partnerReport(
  db: Kysely<Database>,
  partnerId: string,
  period: ReportMonth,
): Promise<(ExcelRow & { soldAt: string })[]> {
  const { from, to } = period;

  const sold = await db
    .selectFrom('order_item as i')
    .innerJoin('orders as o', 'o.order_id', 'i.order_id')
    .innerJoin('epop_document as d', 'd.document_id', 'i.document_id')
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .select([
      'd.document_id',
      'c.name',
      'c.city',
      'c.state',
      'd.created_at',
      'd.plan_year_start',
      'd.original_document_id',
      'i.price_cents',
      'o.payment_method',
      'o.paid_at',
    ])
    .where('d.strategic_partner_id', '=', partnerId)
    .where('i.returned', '=', 0)
    .where('o.paid_at', '>=', from)
    .where('o.paid_at', '<', to)
    .execute();
  const unbought = await db
    .selectFrom('epop_document as d')
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .select([
      'd.document_id',
      'c.name',
      'c.city',
      'c.state',
      'd.created_at',
      'd.plan_year_start',
      'd.original_document_id',
    ])
    .where('d.strategic_partner_id', '=', partnerId)
    .where('d.free', '=', 1)
    .where('d.created_at', '>=', from)
    .where('d.created_at', '<', to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('order_item as i')
            .select('i.order_item_id')
            .whereRef('i.document_id', '=', 'd.document_id'),
        ),
      ),
    )
    .execute();

  const common = (row: (typeof unbought)[number]) => ({
    documentId: row.document_id,
    clientCompanyName: row.name,
    city: row.city ?? '',
    state: row.state ?? '',
    createdDate: row.created_at,
    currentPlanYearStartDate: row.plan_year_start,
    newOrRenewal: row.original_document_id ? ('Renewal' as const) : ('New' as const),
  });
  const method = (paymentMethod: string | null, cents: number) =>
    paymentMethod === 'card'
      ? REPORT_PAYMENT_METHODS.card
      : paymentMethod === 'ach'
        ? REPORT_PAYMENT_METHODS.ach
        : cents === 0
          ? REPORT_PAYMENT_METHODS.free
          : (paymentMethod ?? '');
  const rows = [
    ...sold
      .filter((row) => period.contains(row.paid_at))
      .map((row) => ({
        ...common(row),
        priceCents: Number(row.price_cents),
        paymentMethod: method(row.payment_method, Number(row.price_cents)),
        soldAt: row.paid_at!,
      })),
    ...unbought
      .filter((row) => period.contains(row.created_at))
      .map((row) => ({
        ...common(row),
        priceCents: 0,
        paymentMethod: REPORT_PAYMENT_METHODS.none,
        soldAt: row.created_at,
      })),
  ];
  return rows.sort((a, b) =>
    a.soldAt < b.soldAt ? -1 : a.soldAt > b.soldAt ? 1 : a.documentId < b.documentId ? -1 : 1,
  );
}

/**
 * `GET strategic-partner/{id}/report?month&year` and `…/report/excel` (specs/3-admin.md §7): the
 * partner's sales of a month, as rows and as an Excel file. Month 1 to 12; year 2017 to this one.
 */
const partnerReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The month asked for (a later year refused first) and the partner's name (404 when unknown). */
  async function checked(id: string, query: { month: number; year: number }) {
    const period = reportMonth(query);
    const name = await partnerName(app.db, id);
    if (name === undefined) throw notFound(PARTNER_CLIENT_MESSAGES.partnerNotFound);
    return { period, name };
  }

  app.get(
    '/:id/report',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: "A strategic partner's sales of a month (the strategic partner report)",
        params: ReportParams,
        querystring: MonthQuery,
        response: { 200: Type.Array(PartnerReportRow) },
      },
    },
    async (request): Promise<PartnerReportRow[]> => {
      const { id } = request.params;
      const { period } = await checked(id, request.query);
      const rows = await partnerReport(app.db, id, period);
      return rows.map(({ priceCents, soldAt: _soldAt, ...row }) => ({
        ...row,
        price: toDollars(priceCents),
      }));
    },
  );

  app.get(
    '/:id/report/excel',
    {
      config: { access: COMPLIANCE, ownership: 'none' },
      schema: {
        summary: 'The strategic partner report of a month as an Excel file',
        params: ReportParams,
        querystring: MonthQuery,
        response: excelResponse,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { period, name } = await checked(id, request.query);
      const rows = await partnerReport(app.db, id, period);
      return sendExcel(reply, `${safeFileName(name)} Report ${period.label}`, 'Report', REPORT_COLUMNS, rows);
    },
  );
};

export default partnerReportRoutes;
