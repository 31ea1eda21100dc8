import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { delegatingPolicy } from '../../policies/rules.js';
import { actionItemUser } from './queries.js';

/** `action-item`: through its user (whose pending list shows it). */
export function actionItemPolicy(db: Kysely<Database>, user: Policy): Policy {
  return delegatingPolicy((id) => actionItemUser(db, id), user, 'Action item not found');
}
