import type { Kysely, Selectable } from 'kysely';
import type { Database, DiscountTable } from '../../db/schema.js';
import { toDollars } from '../../lib/money.js';
import type { AppliedCode, Discount } from './schemas.js';
import { recordExists } from '../../lib/exists.js';

const TERMS = [
  'discount_id',
  'code',
  'percentage',
  'amount_cents',
  'max_amount_cents',
  'product_id',
  'type',
] as const;

type TermsRow = Pick<Selectable<DiscountTable>, (typeof TERMS)[number]>;

function termsOf(row: TermsRow): AppliedCode {
  return {
    id: row.discount_id,
    code: row.code,
    percentage: row.percentage,
    amount: row.amount_cents === null ? null : toDollars(row.amount_cents),
    maxDollarAmount: row.max_amount_cents === null ? null : toDollars(row.max_amount_cents),
    productId: row.product_id,
    type: row.type,
  };
}

/** The codes applied to a user's cart, in the order they were applied. */
export async function appliedCodes(db: Kysely<Database>, userId: string): Promise<AppliedCode[]> {
  const rows = await db
    .selectFrom('cart_discount as cd')
    .innerJoin('discount as d', 'd.discount_id', 'cd.discount_id')
    .select(TERMS.map((column) => `d.${column}` as const))
    .where('cd.user_id', '=', userId)
    .orderBy('cd.applied_at')
    .orderBy('d.code_key')
    .execute();
  return rows.map(termsOf);
}

export async function discountById(db: Kysely<Database>, discountId: string): Promise<Discount | undefined> {
  const row = await db
    .selectFrom('discount')
    .select([...TERMS, 'start_date', 'end_date', 'usage'])
    .where('discount_id', '=', discountId)
    .executeTakeFirst();
  return (
    row && { ...termsOf(row), startDate: row.start_date, endDate: row.end_date, usage: Number(row.usage) }
  );
}

export const discountExists = (db: Kysely<Database>, discountId: string): Promise<boolean> =>
  recordExists(db, 'discount', discountId);
