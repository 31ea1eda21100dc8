import type { Kysely } from 'kysely';
import { notFound } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { reportMonth, type ReportMonth } from '../../lib/report-month.js';
import type { PartnerReportRow } from '../../contract/strategic-partner-clients.js';
import { PARTNERS_MESSAGES } from './messages.js';
import { partnerFileName, partnerName } from './partner-queries.js';

/** How a row says it was paid (README "Strategic partner report"). */
export const REPORT_PAYMENT_METHODS = {
  card: 'Credit Card',
  ach: 'ACH',
  /** An order whose total was zero (a 100% promo code). */
  free: 'Free',
  /** A document created without a purchase (compliance's free document, the partner's cart bypass). */
  none: 'No Purchase',
} as const;

/** A row of the report: the price kept in cents (the Excel file's currency column), and when it sold. */
export type PartnerSale = Omit<PartnerReportRow, 'price'> & { priceCents: number; soldAt: string };

/** A partner's report of a month: its rows, and the Excel file's name. */
export interface PartnerReport {
  fileName: string;
  rows: PartnerSale[];
}

/**
 * The partner's sales of a month (README "Strategic partner report"): each paid, not returned order
 * item of one of its documents, paid in the month; and each of its documents created without a
 * purchase in the month. "In the month" is in the product's time zone: the database narrows by a
 * UTC window a day wider on each side, the exact day is then the product's. Oldest first.
 */
async function partnerSales(
  db: Kysely<Database>,
  partnerId: string,
  period: ReportMonth,
): Promise<PartnerSale[]> {
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
 * The strategic partner report of `month` of `year` (specs/3-admin.md §7): its rows and the name of
 * its Excel file. Refused: a later year than this one (400 validation), then an id that names no
 * strategic partner (404).
 */
export async function partnerReport(
  db: Kysely<Database>,
  partnerId: string,
  query: { month: number; year: number },
): Promise<PartnerReport> {
  const period = reportMonth(query);
  const name = await partnerName(db, partnerId);
  if (name === undefined) throw notFound(PARTNERS_MESSAGES.notFound);
  return {
    fileName: `${partnerFileName(name)} Report ${period.label}`,
    rows: await partnerSales(db, partnerId, period),
  };
}
