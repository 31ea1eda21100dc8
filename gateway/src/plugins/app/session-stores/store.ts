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
  /**
   * The right to refresh session `id`'s tokens, shared by every gateway using this store: undefined
   * while another holder has it. The lock lapses by itself after `refreshLockMs` (a holder that
   * died), so a holder saves its tokens with the lock's `fence`: a save with an older fence than the
   * one already stored keeps the stored tokens (a paused holder cannot undo its successor's work).
   */
  lockRefresh(id: string): Promise<RefreshLock | undefined>;
  /** How long a refresh lock lasts unreleased. */
  readonly refreshLockMs: number;
  close(): Promise<void>;
}

export interface RefreshLock {
  /** Grows with every lock taken on the session: the fencing token its refreshed tokens carry. */
  fence: number;
  /** Frees the lock if this holder still has it (never a successor's). */
  release(): Promise<void>;
}

/**
 * A refresh lock outlives what a holder may take: identity-api's client gives each HTTP call 10 s,
 * and a refresh may need two (discovery again after a failure, then the grant), then the save. The
 * holder abandons its grant 5 s before the lock lapses (lib/shared-refresh.ts, GRANT_MARGIN_MS), so
 * 30 s leave those 20 s to the grant with room to spare, and no successor can take the lock while
 * the grant may still be sent. Its waiters wait that long at most when the holder died.
 */
export const REFRESH_LOCK_MS = 30_000;

export type Clock = () => number;

interface StoredTokens {
  loginAt: number;
  obtainedAt: number;
  /** The refresh lock's fencing token the tokens were saved with (0: the sign-in's own tokens). */
  fence: number;
}

/** The sign-in and token age of a record, when it holds a signed-in session. */
export function tokenAgeOf(record: Record<string, unknown> | undefined): StoredTokens | undefined {
  const auth = record?.auth as
    { loginAt?: unknown; tokens?: { obtainedAt?: unknown; fence?: unknown } } | undefined;
  const loginAt = auth?.loginAt;
  const obtainedAt = auth?.tokens?.obtainedAt;
  const fence = auth?.tokens?.fence;
  return typeof loginAt === 'number' && typeof obtainedAt === 'number'
    ? { loginAt, obtainedAt, fence: typeof fence === 'number' ? fence : 0 }
    : undefined;
}

/**
 * Whether tokens of one sign-in are newer than others: a later fence wins (clocks of two machines
 * need not agree, and a paused lock holder may obtain its tokens after its successor), then a later
 * `obtainedAt`.
 */
export function isNewer(
  tokens: Pick<StoredTokens, 'obtainedAt' | 'fence'>,
  than: Pick<StoredTokens, 'obtainedAt' | 'fence'>,
): boolean {
  return tokens.fence !== than.fence ? tokens.fence > than.fence : tokens.obtainedAt > than.obtainedAt;
}

/**
 * What a store writes when `incoming` replaces `stored`. @fastify/session saves the whole session
 * (last writer wins), so a slow request that loaded the session before a token refresh would put the
 * spent refresh token back, and its replay revokes the grant. So an older token set (isNewer: fence,
 * then obtainedAt) of the same sign-in never replaces a newer one: the stored tokens are kept, the rest is `incoming`'s.
 */
export function keepNewestTokens(
  stored: Record<string, unknown> | undefined,
  incoming: Record<string, unknown>,
): Record<string, unknown> {
  const before = tokenAgeOf(stored);
  const after = tokenAgeOf(incoming);
  if (!before || !after || before.loginAt !== after.loginAt || !isNewer(before, after)) {
    return incoming;
  }
  const storedAuth = stored!.auth as Record<string, unknown>;
  const incomingAuth = incoming.auth as Record<string, unknown>;
  return { ...incoming, auth: { ...incomingAuth, tokens: storedAuth.tokens } };
}
