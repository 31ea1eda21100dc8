import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { APP_START_FALLBACK_MS, IDLE_CHECK_INTERVAL_MS, SESSION_IDLE_MS } from 'shared-domain';
import { bff, type SessionUser, type SignInResult } from '../api/bff.js';
import { bootData } from '../api/boot.js';
import { forgetPrefetched } from '../api/prefetch.js';

export type SessionStatus = 'loading' | 'guest' | 'signed-in';

export interface Session {
  user: SessionUser | null;
  status: SessionStatus;
  signIn(username: string, password: string): Promise<SignInResult>;
  /**
   * Ends the session on the server, clears local storage (the stored referral id with it, §4
   * Session) and becomes a guest. Also what the idle check calls.
   */
  signOut(): Promise<void>;
  /** Asks the gateway again who is signed in. */
  reload(): Promise<void>;
  /** Forgets the user locally (the gateway already ended the session, e.g. a 401). */
  clear(): void;
}

/**
 * One context object for the whole page: shared-ui is a federation singleton, so the shell and
 * every remote read the same session.
 */
const SessionContext = createContext<Session | null>(null);

/** How long a sign-in waits for `prepare` before it shows the signed-in screen anyway. */
export const PREPARE_SIGNED_IN_MS = 2_000;

export interface SessionProviderProps {
  children: ReactNode;
  /**
   * Loads what the signed-in screen needs (the shell: the home's code and first reads) between the
   * sign-in's answer and the switch to that screen, for at most PREPARE_SIGNED_IN_MS: the screen then
   * appears whole, not spinner by spinner. Failures are the screen's own to show.
   */
  prepare?: (user: SessionUser) => Promise<unknown>;
}

export function SessionProvider({ children, prepare }: SessionProviderProps) {
  // The gateway writes a signed-in user's session into the page, or that there is none (bootData):
  // no check at start then.
  const [user, setUser] = useState<SessionUser | null>(() => bootData().user ?? null);
  const [status, setStatus] = useState<SessionStatus>(() => {
    const boot = bootData();
    if (boot.user) return 'signed-in';
    return boot.guest ? 'guest' : 'loading';
  });
  // The time of the last click (or of the sign-in): what the idle check measures from.
  const lastActivity = useRef(Date.now());

  const apply = useCallback((next: SessionUser | null) => {
    if (next) lastActivity.current = Date.now();
    setUser(next);
    setStatus(next ? 'signed-in' : 'guest');
  }, []);

  // Only the newest session answer counts: a slow start-up check must not undo a sign-in that
  // finished after it was sent (e.g. the /auth token exchange).
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++generation.current;
    // A failed check starts the app signed out (§4 Session).
    const next = await bff.user().catch(() => null);
    if (mine === generation.current) apply(next);
  }, [apply]);

  useEffect(() => {
    if (bootData().user || bootData().guest) return undefined;
    void reload();
    // §4 Session: the app starts (as a guest) after a 5-second fallback if the check is slow.
    const fallback = setTimeout(
      () => setStatus((current) => (current === 'loading' ? 'guest' : current)),
      APP_START_FALLBACK_MS,
    );
    return () => clearTimeout(fallback);
  }, [reload]);

  const signIn = useCallback(
    async (username: string, password: string) => {
      const result = await bff.login({ username, password });
      if (result.ok && prepare) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          prepare(result.user).catch(() => undefined),
          new Promise((resolve) => (timer = setTimeout(resolve, PREPARE_SIGNED_IN_MS))),
        ]);
        clearTimeout(timer);
      }
      if (result.ok) {
        generation.current += 1; // any check still in flight predates this session
        apply(result.user);
      }
      return result;
    },
    [apply, prepare],
  );

  const clear = useCallback(() => {
    generation.current += 1;
    localStorage.clear();
    forgetPrefetched();
    apply(null);
  }, [apply]);

  const signOut = useCallback(async () => {
    await bff.logout();
    clear();
  }, [clear]);

  // §4 Session: auto-logout after more than 120 minutes without clicks, checked every 60 seconds.
  // The gateway enforces the same idle limit on its side; this ends the page's session visibly.
  useEffect(() => {
    if (status !== 'signed-in') return;
    const touch = () => {
      lastActivity.current = Date.now();
    };
    document.addEventListener('click', touch, true);
    const check = setInterval(() => {
      if (Date.now() - lastActivity.current <= SESSION_IDLE_MS) return;
      clearInterval(check);
      void signOut();
    }, IDLE_CHECK_INTERVAL_MS);
    // Signing out (status leaves 'signed-in') and unmounting both stop the timer and the listener.
    return () => {
      clearInterval(check);
      document.removeEventListener('click', touch, true);
    };
  }, [status, signOut]);

  const value = useMemo<Session>(
    () => ({ user, status, signIn, signOut, reload, clear }),
    [user, status, signIn, signOut, reload, clear],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() needs a <SessionProvider> above it');
  return session;
}
