import type { Migration } from 'kysely';
import { initial } from './0001-initial.js';

/** In-code migrations, applied in key order. Never edit a released one; add the next. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
};
