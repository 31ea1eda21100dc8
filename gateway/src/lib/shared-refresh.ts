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
  /** identity-api's refresh grant with the refresh token of `base`: the new tokens (no fence yet). */
  refresh(base: SessionTokens): Promise<SessionTokens>;
  /** Writes the session with these tokens to the store (its save checks the fence). */
  save(tokens: SessionTokens): Promise<void>;
  /** How often a waiter looks at the store. */
  pollMs?: number;
}

const POLL_MS = 25;

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
 * Throws SessionGone when the session left the store, IdentityRefusal / IdentityUnavailable from the
 * grant, SessionStoreUnavailable when the store cannot be asked, RefreshWaitTimeout after twice the
 * lock's time without a result.
 */
export async function refreshAcrossInstances(options: SharedRefreshOptions): Promise<SessionTokens> {
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
    if (newer(stored, loaded.tokens) && isFresh(stored)) return stored;
    const lock = await asking(() => store.lockRefresh(sessionId));
    if (lock) {
      try {
        // The previous holder saves before it lets go: its tokens may have landed since the read above.
        const current = await storedTokens();
        if (newer(current, loaded.tokens) && isFresh(current)) return current;
        const base = newer(current, loaded.tokens) ? current : loaded.tokens;
        const tokens = { ...(await options.refresh(base)), fence: lock.fence };
        await asking(() => options.save(tokens));
        return tokens;
      } finally {
        // A release that fails leaves the lock to lapse: the tokens are saved either way.
        await lock.release().catch(() => {});
      }
    }
    if (performance.now() >= deadline) throw new RefreshWaitTimeout('token refresh lock held too long');
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
