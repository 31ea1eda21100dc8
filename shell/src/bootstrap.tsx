import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootData } from 'shared-ui';
import { App } from './app/App.js';
import { preloadStartPage } from './app/home.js';
import { rewriteHashAuthUrl } from './app/auth-hash.js';
import { rewriteHashReferralUrl } from './app/referral-hash.js';

/**
 * The page's code and first reads, started before React's first render: a signed-in page carries the
 * user and the registry (bootData). The login page loads no remote (/remotes.json waits for a slot).
 */
export function preload(): void {
  // /#/auth?token=… becomes /auth?token=…, and a partner's /#/referral/{id} becomes /referral/{id},
  // before the router (or a preload) reads the address.
  rewriteHashAuthUrl();
  rewriteHashReferralUrl();
  const bootUser = bootData().user;
  if (bootUser) preloadStartPage(bootUser);
}

/** React's first render, in a transition: in slices that yield to the browser, not one synchronous block. */
export function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from the page');
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
