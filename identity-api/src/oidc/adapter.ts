import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/index.js';

/**
 * oidc-provider's storage on Kysely: one `oidc_payload` row per model instance (grants, tokens,
 * sessions, interactions…), so refresh tokens and grants survive a restart and are shared by every
 * instance on the same database. Expired rows read as absent, as with a TTL store.
 */
export function kyselyAdapter(db: Db): AdapterFactory {
  return (model: string) => new KyselyAdapter(db, model);
}

class KyselyAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      account_id: payload.accountId ?? null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
    };
    await this.db
      .insertInto('oidc_payload')
      .values({ model: this.model, id, consumed_at: null, ...row })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  find(id: string): Promise<AdapterPayload | undefined> {
    return this.findBy('id', id);
  }

  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findBy('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findBy('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payload')
      .set({ consumed_at: new Date().toISOString() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('oidc_payload').where('model', '=', this.model).where('id', '=', id).execute();
  }

  /** Revoking a grant removes every token of it, whatever its model. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payload').where('grant_id', '=', grantId).execute();
  }

  private async findBy(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_payload')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date().toISOString())]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // oidc-provider expects `consumed` as the epoch second it happened.
    return row.consumed_at
      ? { ...payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
      : payload;
  }
}

/**
 * Ends everything oidc-provider keeps for an account: its grants with every token issued under them
 * (refresh tokens, codes), and its sessions, so the next refresh is refused (a password reset).
 * Tokens are matched by their grant as well, should one lack the account id. JWT access tokens are not
 * stored: they run out on their own (ACCESS_TOKEN_TTL_SECONDS). `db` may be a transaction.
 */
export async function revokeAccount(db: Db, accountId: string): Promise<void> {
  const grants = db
    .selectFrom('oidc_payload')
    .select('id')
    .where('model', '=', 'Grant')
    .where('account_id', '=', accountId);
  await db
    .deleteFrom('oidc_payload')
    .where((eb) => eb.or([eb('account_id', '=', accountId), eb('grant_id', 'in', grants)]))
    .execute();
}

/** Deletes rows past their expiry (run at start; reads already ignore them). */
export async function purgeExpired(db: Db): Promise<void> {
  await db.deleteFrom('oidc_payload').where('expires_at', '<=', new Date().toISOString()).execute();
}
