import type { Migration } from 'kysely';
import { remoteRegistry } from './0001-remote-registry.js';

/** In-code migrations, applied in key order. Never edit a released one; add the next. */
export const migrations: Record<string, Migration> = {
  '0001-remote-registry': remoteRegistry,
};
