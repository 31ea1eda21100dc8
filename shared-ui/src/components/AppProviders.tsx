import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ErrorWindowHost } from '../feedback/ErrorWindowHost.js';
import { ToastHost } from '../feedback/toasts.js';
import { SessionProvider } from '../session/session.js';

/**
 * What every page needs once: the session, SWR defaults, the toast host and the error window.
 * The shell renders it; a remote renders it only when it runs standalone.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig
      value={{
        // The api client already told the user; retrying would repeat the toast.
        shouldRetryOnError: false,
        revalidateOnFocus: false,
      }}
    >
      <SessionProvider>
        {children}
        <ToastHost />
        <ErrorWindowHost />
      </SessionProvider>
    </SWRConfig>
  );
}
