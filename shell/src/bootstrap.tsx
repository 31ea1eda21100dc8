import 'shared-ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { rewriteHashAuthUrl } from './app/auth-hash.js';
import { ensureRegistry } from './lib/federation.js';

// /#/auth?token=… becomes /auth?token=… before the router reads the address.
rewriteHashAuthUrl();

// Start fetching /remotes.json at once; the login page does not wait for it.
void ensureRegistry().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from the page');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
