import type { ReactNode } from 'react';
import type { SessionUser } from '../api/bff.js';
import { SWRConfig } from 'swr';
import { ErrorWindowHost } from '../feedback/ErrorWindowHost.js';
import { ToastHost } from '../feedback/toasts.js';
import { SessionProvider } from '../session/session.js';

/**
 * What every page needs once: the session, SWR defaults, the toast host and the error window.
 * The shell renders it; a remote renders it only when it runs standalone.
 */
export function AppProviders({
  children,
  prepareSignedIn,
}: {
  children: ReactNode;
  /** SessionProvider's `prepare`: what the signed-in screen needs, loaded before it shows. */
  prepareSignedIn?: (user: SessionUser) => Promise<unknown>;
}) {
  return (
    <SWRConfig
      value={{
        // The api client already told the user; retrying would repeat the toast.
        shouldRetryOnError: false,
        revalidateOnFocus: false,
      }}
    >
      <SessionProvider {...(prepareSignedIn ? { prepare: prepareSignedIn } : {})}>
        {children}
        <ToastHost />
        <ErrorWindowHost />
      </SessionProvider>
    </SWRConfig>
  );
}
