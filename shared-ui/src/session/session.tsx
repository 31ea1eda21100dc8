import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { APP_START_FALLBACK_MS, type SessionUser } from 'shared-domain';
import { bff, type SignInResult } from '../api/bff.js';

export type SessionStatus = 'loading' | 'guest' | 'signed-in';

export interface Session {
  user: SessionUser | null;
  status: SessionStatus;
  signIn(username: string, password: string): Promise<SignInResult>;
  /** Ends the session on the server, clears local storage (§4 Session) and becomes a guest. */
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

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [status, setStatus] = useState<SessionStatus>('loading');

  const apply = useCallback((next: SessionUser | null) => {
    setUser(next);
    setStatus(next ? 'signed-in' : 'guest');
  }, []);

  const reload = useCallback(async () => {
    // A failed check starts the app signed out (§4 Session).
    apply(await bff.user().catch(() => null));
  }, [apply]);

  useEffect(() => {
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
      if (result.ok) apply(result.user);
      return result;
    },
    [apply],
  );

  const clear = useCallback(() => {
    localStorage.clear();
    apply(null);
  }, [apply]);

  const signOut = useCallback(async () => {
    await bff.logout();
    clear();
  }, [clear]);

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
