import { toDollars } from 'shared-domain';
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DiscountTable } from '../../db/schema.js';
import type { AppliedCode, Discount } from '../../contract/discount.js';
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

/** Promo codes with their validity, usage and product's name (the admin list and editor). */
function discounts(db: Kysely<Database>) {
  return db
    .selectFrom('discount as d')
    .leftJoin('product as p', 'p.product_id', 'd.product_id')
    .select([
      ...TERMS.map((column) => `d.${column}` as const),
      'd.start_date',
      'd.end_date',
      'd.usage',
      'p.name as product_name',
    ]);
}

type DiscountRow = TermsRow & {
  start_date: string;
  end_date: string;
  usage: number;
  product_name: string | null;
};

const discountOf = (row: DiscountRow): Discount => ({
  ...termsOf(row),
  startDate: row.start_date,
  endDate: row.end_date,
  usage: Number(row.usage),
  product: row.product_name,
});

export async function discountById(db: Kysely<Database>, discountId: string): Promise<Discount | undefined> {
  const row = await discounts(db).where('d.discount_id', '=', discountId).executeTakeFirst();
  return row && discountOf(row);
}

/** Every promo code, newest validity first (the admin list: a few dozen codes, no paging). */
export async function listDiscounts(db: Kysely<Database>): Promise<Discount[]> {
  const rows = await discounts(db).orderBy('d.end_date', 'desc').orderBy('d.code_key').execute();
  return rows.map(discountOf);
}

/** A code's key: codes are trimmed and matched case-insensitively. */
export const codeKey = (code: string): string => code.trim().toLowerCase();

/** The promo code with this text, whatever its case, with the terms the cart prices with. */
export async function discountByCode(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('discount')
    .select([...TERMS, 'start_date', 'end_date'])
    .where('code_key', '=', codeKey(code))
    .executeTakeFirst();
}

/** Whether another promo code than `except` has this text (any case). */
export async function codeTaken(db: Kysely<Database>, code: string, except?: string): Promise<boolean> {
  const row = await db
    .selectFrom('discount')
    .select('discount_id')
    .where('code_key', '=', codeKey(code))
    .$if(except !== undefined, (q) => q.where('discount_id', '!=', except!))
    .executeTakeFirst();
  return row !== undefined;
}

/** The columns a promo code's editor writes, in the table's units. */
export interface DiscountWrite {
  code: string;
  percentage: number | null;
  amountCents: number | null;
  maxAmountCents: number | null;
  startDate: string;
  endDate: string;
  productId: string | null;
  type: 'Product' | 'Total';
}

const columnsOf = (write: DiscountWrite) => ({
  code: write.code,
  code_key: codeKey(write.code),
  percentage: write.percentage,
  amount_cents: write.amountCents,
  max_amount_cents: write.maxAmountCents,
  start_date: write.startDate,
  end_date: write.endDate,
  product_id: write.productId,
  type: write.type,
});

export async function insertDiscount(db: Kysely<Database>, write: DiscountWrite): Promise<string> {
  const discountId = randomUUID();
  await db
    .insertInto('discount')
    .values({ discount_id: discountId, ...columnsOf(write), created_at: new Date().toISOString() })
    .execute();
  return discountId;
}

export async function updateDiscount(
  db: Kysely<Database>,
  discountId: string,
  write: DiscountWrite,
): Promise<void> {
  await db.updateTable('discount').set(columnsOf(write)).where('discount_id', '=', discountId).execute();
}

/** Deletes a promo code, taking it off the carts it was applied to (paid orders keep their amounts). */
export async function deleteDiscount(db: Kysely<Database>, discountId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('cart_discount').where('discount_id', '=', discountId).execute();
    await trx.deleteFrom('discount').where('discount_id', '=', discountId).execute();
  });
}

export const discountExists = (db: Kysely<Database>, discountId: string): Promise<boolean> =>
  recordExists(db, 'discount', discountId);
