import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootData } from 'shared-ui';
import { App } from './app/App.js';
import { preloadStartPage } from './app/home.js';
import { rewriteHashAuthUrl } from './app/auth-hash.js';
import { rewriteHashReferralUrl } from './app/referral-hash.js';

// /#/auth?token=… becomes /auth?token=…, and a partner's /#/referral/{id} becomes /referral/{id},
// before the router reads the address.
rewriteHashAuthUrl();
rewriteHashReferralUrl();

// /remotes.json is fetched by the first remote slot (after sign-in): the login page needs no remote.
// A signed-in page carries the user and the registry: the page's code starts loading now.
const bootUser = bootData().user;
if (bootUser) preloadStartPage(bootUser);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');

// A transition: React renders the first screen in slices that yield to the browser (no task of
// several hundred ms on a slow phone), instead of one synchronous block.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
