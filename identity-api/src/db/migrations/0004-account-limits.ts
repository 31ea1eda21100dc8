import type { Kysely, Migration } from 'kysely';

/** The columns this migration reads and writes, as they are now (migrations do not use schema.ts). */
interface Tables {
  oidc_payload: { model: string; id: string; payload: string; account_id: string | null };
  passcode: { attempts_since: string | null; created_at: string; attempts: number };
}

// Ending an account's sessions (a password reset) and bounding its passcodes per hour:
// - oidc_payload.account_id: the account a grant, token or session belongs to, so they can be deleted
//   together. Filled here for the rows already stored (read in JS: one way for SQLite and PostgreSQL).
// - passcode: the hour window of its checks and of its e-mails, which a new passcode no longer resets.
export const accountLimits: Migration = {
  async up(untyped: Kysely<unknown>) {
    const db = untyped as Kysely<Tables>;
    await db.schema.alterTable('oidc_payload').addColumn('account_id', 'text').execute();
    await db.schema.createIndex('oidc_payload_account_id').on('oidc_payload').column('account_id').execute();
    const rows = await db.selectFrom('oidc_payload').select(['model', 'id', 'payload']).execute();
    for (const row of rows) {
      const accountId = accountIdOf(row.payload);
      if (!accountId) continue;
      await db
        .updateTable('oidc_payload')
        .set({ account_id: accountId })
        .where('model', '=', row.model)
        .where('id', '=', row.id)
        .execute();
    }

    await db.schema.alterTable('passcode').addColumn('attempts_since', 'text').execute();
    await db.schema
      .alterTable('passcode')
      .addColumn('mails_sent', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('passcode').addColumn('mails_since', 'text').execute();
    // Tries already spent on a live passcode stay counted.
    await db
      .updateTable('passcode')
      .set((eb) => ({ attempts_since: eb.ref('created_at') }))
      .where('attempts', '>', 0)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['mails_since', 'mails_sent', 'attempts_since']) {
      await db.schema.alterTable('passcode').dropColumn(column).execute();
    }
    await db.schema.dropIndex('oidc_payload_account_id').ifExists().execute();
    await db.schema.alterTable('oidc_payload').dropColumn('account_id').execute();
  },
};

function accountIdOf(payload: string): string | undefined {
  try {
    const accountId = (JSON.parse(payload) as { accountId?: unknown }).accountId;
    return typeof accountId === 'string' ? accountId : undefined;
  } catch {
    return undefined;
  }
}
