import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { jsonObject } from '../../lib/json.js';
import type { ReportMonth } from '../../lib/report-month.js';
import type { BillFileRow } from '../../contract/colonial.js';

/**
 * The bill file's transaction codes (README "Colonial bill file"): `A` a Colonial document created in
 * the month that renews nothing (a new enrolment), `R` one created in the month that renews an earlier
 * document, `C` a document whose no-pay reason was processed in the month (Colonial stops billing it).
 */
export const TRANS_CODES = { add: 'A', renewal: 'R', cancel: 'C' } as const;

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
