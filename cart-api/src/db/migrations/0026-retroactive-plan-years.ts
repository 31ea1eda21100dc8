import type { Kysely } from 'kysely';

/**
 * No retroactive adoption (issue 22 item 3; ../shared/domain/plan-documents.md "Decision"): a new
 * document whose plan year, or amendment effective date, starts before the day it is ordered is refused,
 * unless compliance overrides the rule with a reason, recorded with the document:
 * - `retroactive_reason`: compliance's reason (null: the rule held, or the document is older);
 * - `retroactive_reason_by`, `retroactive_reason_at`: who gave it (their user name) and when (an ISO instant).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('epop_document').addColumn('retroactive_reason', 'text').execute();
  await db.schema.alterTable('epop_document').addColumn('retroactive_reason_by', 'text').execute();
  await db.schema.alterTable('epop_document').addColumn('retroactive_reason_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('epop_document').dropColumn('retroactive_reason_at').execute();
  await db.schema.alterTable('epop_document').dropColumn('retroactive_reason_by').execute();
  await db.schema.alterTable('epop_document').dropColumn('retroactive_reason').execute();
}
