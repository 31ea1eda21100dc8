/**
 * One small interface for where sessions live: a SQLite file by default, Redis when the gateway
 * runs on several machines. Records are opaque JSON with an absolute expiry (epoch ms); a record
 * past its expiry is never returned.
 */
export interface SessionRecordStore {
  get(id: string): Promise<Record<string, unknown> | undefined>;
  /** Does nothing for an id destroyed less than the store's tombstone time (the absolute session lifetime) ago. */
  set(id: string, data: Record<string, unknown>, expiresAt: number): Promise<void>;
  /**
   * Deletes the record and leaves a tombstone for the id, atomically: @fastify/session saves the
   * whole session at the end of each request, so a request still in flight at logout would
   * otherwise write the session back and revive its cookie. The tombstone outlives any save of
   * that session, whose expiry is at most its login + the absolute lifetime.
   */
  destroy(id: string): Promise<void>;
  close(): Promise<void>;
}

export type Clock = () => number;

interface StoredTokens {
  loginAt: number;
  obtainedAt: number;
}

/** The sign-in and token age of a record, when it holds a signed-in session. */
export function tokenAgeOf(record: Record<string, unknown> | undefined): StoredTokens | undefined {
  const auth = record?.auth as { loginAt?: unknown; tokens?: { obtainedAt?: unknown } } | undefined;
  const loginAt = auth?.loginAt;
  const obtainedAt = auth?.tokens?.obtainedAt;
  return typeof loginAt === 'number' && typeof obtainedAt === 'number' ? { loginAt, obtainedAt } : undefined;
}

/**
 * What a store writes when `incoming` replaces `stored`. @fastify/session saves the whole session
 * (last writer wins), so a slow request that loaded the session before a token refresh would put the
 * spent refresh token back, and its replay revokes the grant. So an older token set (obtainedAt) of
 * the same sign-in never replaces a newer one: the stored tokens are kept, the rest is `incoming`'s.
 */
export function keepNewestTokens(
  stored: Record<string, unknown> | undefined,
  incoming: Record<string, unknown>,
): Record<string, unknown> {
  const before = tokenAgeOf(stored);
  const after = tokenAgeOf(incoming);
  if (!before || !after || before.loginAt !== after.loginAt || before.obtainedAt <= after.obtainedAt) {
    return incoming;
  }
  const storedAuth = stored!.auth as Record<string, unknown>;
  const incomingAuth = incoming.auth as Record<string, unknown>;
  return { ...incoming, auth: { ...incomingAuth, tokens: storedAuth.tokens } };
}
