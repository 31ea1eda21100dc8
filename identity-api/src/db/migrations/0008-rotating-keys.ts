import { sql, type Kysely, type Migration } from 'kysely';

// Rotating signing and cookie keys (README "Key rotation"; src/oidc/keys.ts). The keys generated
// before live in `secret` ('jwks', 'cookie_keys'): they move here as the current keys, so tokens,
// refresh grants and sessions issued before the upgrade keep working; a second stored key (added by
// hand, as the README used to say) verifies for another day. The next keys are made at the next start.
const EXTRA_KEYS_KEPT_MS = 24 * 60 * 60 * 1000;

export const rotatingKeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rotating_key')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('material', 'text', (c) => c.notNull())
      .addColumn('published_at', 'text', (c) => c.notNull())
      .addColumn('activated_at', 'text')
      .addColumn('retire_after', 'text')
      .execute();
    // One current and one next key per kind: two instances creating the first keys, or rotating at
    // once, cannot end up with two.
    for (const state of ['current', 'next']) {
      await db.schema
        .createIndex(`rotating_key_${state}`)
        .unique()
        .on('rotating_key')
        .column('kind')
        .where(sql<boolean>`state = ${sql.lit(state)}`)
        .execute();
    }

    const { rows } = await sql<{ name: string; value: string; created_at: string }>`
      select name, value, created_at from secret where name in ('jwks', 'cookie_keys')`.execute(db);
    const now = new Date();
    const retireAfter = new Date(now.getTime() + EXTRA_KEYS_KEPT_MS).toISOString();
    let cookieIndex = 0;
    for (const row of rows) {
      const entries =
        row.name === 'jwks'
          ? (JSON.parse(row.value) as { keys: Array<{ kid: string }> }).keys.map((key) => ({
              kid: key.kid,
              kind: 'signing',
              material: JSON.stringify(key),
            }))
          : (JSON.parse(row.value) as string[]).map((secret) => ({
              kid: `cookie-legacy-${cookieIndex++}`,
              kind: 'cookie',
              material: secret,
            }));
      for (const [index, entry] of entries.entries()) {
        const state = index === 0 ? 'current' : 'retiring';
        await sql`insert into rotating_key (kid, kind, state, material, published_at, activated_at, retire_after)
          values (${entry.kid}, ${entry.kind}, ${state}, ${entry.material}, ${row.created_at}, ${row.created_at},
                  ${state === 'retiring' ? retireAfter : null})`.execute(db);
      }
    }
    // The private keys live in one place only.
    await sql`delete from secret where name in ('jwks', 'cookie_keys')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    // The keys are lost: the next start generates new ones (issued tokens stop verifying).
    await db.schema.dropTable('rotating_key').ifExists().execute();
  },
};
