import type { Kysely } from 'kysely';
import type { Product } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import { toDollars } from '../../lib/money.js';

export async function productByCode(db: Kysely<Database>, code: string): Promise<Product | undefined> {
  const row = await db
    .selectFrom('product')
    .select(['name', 'price_cents', 'code'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row && { name: row.name, price: toDollars(row.price_cents), code: row.code };
}
