import type { Kysely } from 'kysely';
import { addDays, productToday, toDollars } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import type { WeeklyReportRow } from '../../contract/sales-report.js';

/**
 * The items sold from `from` to `to` (YYYY-MM-DD, inclusive, days in the product's time zone), in
 * order date order; returned items are not sales and are left out. The database narrows by a UTC
 * window a day wider on each side (any time zone's day lies inside it); the exact day is then the
 * product's (productToday), so an order at 11 pm in New York counts on its New York day.
 */
export async function weeklyReportRows(
  db: Kysely<Database>,
  { from, to, excludeColonial }: { from: string; to: string; excludeColonial: boolean },
): Promise<WeeklyReportRow[]> {
  const rows = await db
    .selectFrom('order_item as i')
    .innerJoin('orders as o', 'o.order_id', 'i.order_id')
    .leftJoin('epop_document as d', 'd.document_id', 'i.document_id')
    .leftJoin('company as c', 'c.company_id', 'i.client_company_id')
    .leftJoin('company as p', 'p.company_id', 'd.strategic_partner_id')
    .select([
      'c.name as company_name',
      'c.state',
      'o.created_at',
      'd.plan_year_start',
      'd.plan_year_end',
      'o.payment_method',
      'o.transaction_id',
      'i.price_cents',
      'i.broker_name',
      'o.ordered_by',
      'i.order_item_id',
    ])
    .where('i.returned', '=', 0)
    .where('o.created_at', '>=', `${addDays(from, -1)}T00:00:00.000Z`)
    .where('o.created_at', '<', `${addDays(to, 2)}T00:00:00.000Z`)
    .$if(excludeColonial, (q) =>
      q.where((eb) => eb.or([eb('p.colonial', 'is', null), eb('p.colonial', '=', 0)])),
    )
    .orderBy('o.created_at')
    .orderBy('o.order_number')
    .orderBy('i.order_item_id')
    .execute();
  return rows
    .filter((row) => {
      const day = productToday(new Date(row.created_at));
      return day >= from && day <= to;
    })
    .map((row) => ({
      companyName: row.company_name ?? '',
      state: row.state ?? '',
      orderDate: row.created_at,
      planStartDate: row.plan_year_start ?? null,
      planEndDate: row.plan_year_end ?? null,
      paymentMethod: row.payment_method ?? '',
      transactionId: row.transaction_id ?? '',
      price: toDollars(row.price_cents),
      commissioned: row.broker_name !== null,
      broker: row.broker_name ?? '',
      createdBy: row.ordered_by,
    }));
}
