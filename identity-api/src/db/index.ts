import { createDatabase } from 'service-kit/server';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export function openDatabase(databaseUrl: string): Db {
  return createDatabase<Database>(databaseUrl);
}
