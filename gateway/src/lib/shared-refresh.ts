import type { SessionRecordStore } from '../plugins/app/session-stores/index.js';
import { isNewer } from '../plugins/app/session-stores/store.js';
import type { SessionAuth, SessionTokens } from './session-auth.js';

/** The session is no longer in the store (another instance's refresh was refused, or a logout). */
export class SessionGone extends Error {}

/** The store (Redis) could not be asked: the refresh could not be coordinated, so it was not made. */
export class SessionStoreUnavailable extends Error {}

/** A waiter found no newer tokens and no free lock for this long (several holders failed in turn). */
export class RefreshWaitTimeout extends Error {}

export interface SharedRefreshOptions {
  sessionId: string;
  /** The sign-in and tokens this request loaded: anything newer in the store is another refresh's. */
  loaded: Pick<SessionAuth, 'loginAt' | 'tokens'>;
  store: SessionRecordStore;
  /** Whether tokens are still good to use (not due for a refresh). */
  isFresh(tokens: SessionTokens): boolean;
  /**
   * identity-api's refresh grant with the refresh token of `base`: the new tokens (no fence yet).
   * `signal` aborts before the refresh lock can lapse: the grant must then be abandoned, never sent.
   */
  refresh(base: SessionTokens, signal: AbortSignal): Promise<SessionTokens>;
  /** Writes the session with these tokens to the store (its save checks the fence). */
  save(tokens: SessionTokens): Promise<void>;
  /** How often a waiter looks at the store. */
  pollMs?: number;
}

const POLL_MS = 25;

/**
 * How long before its lock lapses the holder abandons the grant (a third of a shorter lock): time
 * left to save the tokens, and for the store's clock or a slow timer, before another instance may
 * take the lock and send the same refresh token.
 */
export const GRANT_MARGIN_MS = 5_000;

/** The time a lock holder gives the refresh grant, of a lock taken at `lockedAt` (performance.now()). */
export function grantDeadline(lockedAt: number, refreshLockMs: number): number {
  return lockedAt + refreshLockMs - Math.min(GRANT_MARGIN_MS, refreshLockMs / 3);
}

/** What the refresh got: `tokens`, and `saveError` when the store refused them (see below). */
export interface SharedRefreshResult {
  tokens: SessionTokens;
  /**
   * The grant succeeded but the new tokens could not be saved: they exist only in this process (the
   * old refresh token is spent), the lock was kept to lapse so that other instances wait rather than
   * replay the old token, and whoever uses these tokens next must save them.
   */
  saveError?: unknown;
}

const fenceOf = (tokens: SessionTokens) => tokens.fence ?? 0;
const newer = (tokens: SessionTokens, than: SessionTokens) =>
  isNewer(
    { obtainedAt: tokens.obtainedAt, fence: fenceOf(tokens) },
    { obtainedAt: than.obtainedAt, fence: fenceOf(than) },
  );

async function asking<T>(store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    throw new SessionStoreUnavailable('session store unavailable', { cause: error });
  }
}

/**
 * One token refresh per session across every gateway sharing the store. The instance that gets the
 * store's refresh lock calls identity-api and saves the new tokens with the lock's fence before it
 * lets go; the others never call identity-api (a second call with the same rotated refresh token is
 * reuse, and identity-api ends the grant): they read the store every `pollMs` until it carries
 * tokens newer than the ones they loaded and use those. A holder that died stops blocking once its
 * lock lapses (the store's `refreshLockMs`): the next waiter takes the lock and refreshes itself.
 *
 * The holder's grant is abandoned (its signal aborts) `GRANT_MARGIN_MS` before the lock lapses, so no
 * other instance can hold the lock while that grant may still be sent. When the grant succeeded but
 * the save failed, the tokens are answered anyway (with `saveError`) and the lock is not released.
 *
 * Throws SessionGone when the session left the store, IdentityRefusal / IdentityUnavailable from the
 * grant (also an abandoned one), SessionStoreUnavailable when the store cannot be asked before the
 * grant, RefreshWaitTimeout after twice the lock's time without a result.
 */
export async function refreshAcrossInstances(options: SharedRefreshOptions): Promise<SharedRefreshResult> {
  const { sessionId, loaded, store, isFresh } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  // performance, not Date: tests fake Date, and this bounds a real wait.
  const deadline = performance.now() + 2 * store.refreshLockMs;

  /** The stored tokens of this sign-in, or SessionGone. */
  const storedTokens = async (): Promise<SessionTokens> => {
    const auth = (await asking(() => store.get(sessionId)))?.auth as SessionAuth | undefined;
    if (!auth || auth.loginAt !== loaded.loginAt) throw new SessionGone('session no longer stored');
    return auth.tokens;
  };

  for (;;) {
    const stored = await storedTokens();
    if (newer(stored, loaded.tokens) && isFresh(stored)) return { tokens: stored };
    // Taken before the lock is asked for: the lock lapses no earlier than refreshLockMs after this.
    const lockedAt = performance.now();
    const lock = await asking(() => store.lockRefresh(sessionId));
    if (lock) {
      let release = true;
      const abandon = new AbortController();
      const timer = setTimeout(
        () => abandon.abort(new Error('refresh grant abandoned: the refresh lock is about to lapse')),
        Math.max(0, grantDeadline(lockedAt, store.refreshLockMs) - performance.now()),
      );
      try {
        // The previous holder saves before it lets go: its tokens may have landed since the read above.
        const current = await storedTokens();
        if (newer(current, loaded.tokens) && isFresh(current)) return { tokens: current };
        const base = newer(current, loaded.tokens) ? current : loaded.tokens;
        const tokens = { ...(await options.refresh(base, abandon.signal)), fence: lock.fence };
        clearTimeout(timer);
        try {
          await options.save(tokens);
        } catch (saveError) {
          // The old refresh token is spent and the new one is only here: keep the lock until it
          // lapses, so other instances wait (and find the tokens once a later save lands) instead of
          // replaying the old one.
          release = false;
          return { tokens, saveError };
        }
        return { tokens };
      } finally {
        clearTimeout(timer);
        // A release that fails leaves the lock to lapse: the tokens are saved either way.
        if (release) await lock.release().catch(() => {});
      }
    }
    if (performance.now() >= deadline) throw new RefreshWaitTimeout('token refresh lock held too long');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
