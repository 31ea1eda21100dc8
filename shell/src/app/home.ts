import { PAGE_SIZE } from 'shared-domain';
import { prefetchApi, type SessionUser } from 'shared-ui';
import { preloadSignedInBar } from '../features/top-bar/components/TopBar.js';
import { ensureRegistry, loadRemoteComponent, remoteEntries } from '../lib/federation.js';
import { nextTask } from '../lib/next-task.js';
import { preloadable } from '../lib/preloadable.js';
import { homeSlots } from './home-slots.js';

/**
 * The first reads of a broker's or employer's home, as its widgets make them (the home's messages,
 * the purchase card's product and cart, the saved-for-later notice, the action items, page 1 of My POP
 * Documents). The e2e journey 'the home loads each of its reads once' fails when one drifts.
 */
function prefetchCustomerHome(userId: string) {
  prefetchApi('/system-message', { query: { location: 'home' } });
  prefetchApi('/product/epop/{userId}', { path: { userId } });
  prefetchApi('/shopping-cart/{id}', { path: { id: userId } });
  prefetchApi('/shopping-cart/{userId}/count/saved-for-later', { path: { userId } });
  prefetchApi('/action-item/{userId}/pending', { path: { userId } });
  prefetchApi('/epop-document/{id}', {
    path: { id: userId },
    query: { page: 1, pageSize: PAGE_SIZE, searchText: '' },
  });
}

let preloaded: { userId: string; done: Promise<void> } | undefined;

/**
 * Starts everything the home of `user` needs, beside each other: its remote modules, and their first
 * reads one task later. Without it they come one after another (home chunk, registry, remote entries,
 * remote chunks, render, reads). Once per user; settles when the code is there (failed or not: a
 * failure is the home's own to show, its slot retries).
 */
export function preloadHome(user: SessionUser): Promise<void> {
  if (preloaded?.userId === user.userId) return preloaded.done;
  const code = homeSlots(user).map((id) => loadRemoteComponent(id).catch(() => undefined));
  // The reads in the next task: the remote entries' scripts and six requests made together held the
  // main thread 60–90 ms (a cold page's first fetch and script element cost the most).
  if (user.roleGroup === 'broker' || user.roleGroup === 'epop') {
    void nextTask().then(() => prefetchCustomerHome(user.userId));
  }
  preloaded = { userId: user.userId, done: Promise.all(code).then(() => undefined) };
  return preloaded.done;
}

let warmedUp = false;

/**
 * While a guest fills the sign-in form: the registry, and every remote's entry into the HTTP cache (`<link rel=prefetch>`: fetched at low priority, not run; the role is not known yet).
 * So the click waits for the sign-in and the home's reads, not for code.
 */
export function warmUpHome(): void {
  if (warmedUp) return;
  warmedUp = true;
  void ensureRegistry()
    .then(() => {
      for (const entry of remoteEntries()) {
        const link = document.createElement('link');
        link.rel = 'prefetch';
        link.as = 'script';
        link.href = entry;
        document.head.append(link);
      }
    })
    .catch(() => undefined);
}

/**
 * The signed-in home (loaded after sign-in: the login screen is all a guest's first load carries). Its
 * code waits for the remote modules of the home being preloaded, so the home appears once, whole,
 * not slot by slot with a layout shift each.
 */
export const signedInHome = preloadable(() =>
  Promise.all([import('./SignedInHome.js'), preloaded?.done]).then(([m]) => m.SignedInHome),
);

/**
 * After a sign-in, before the signed-in screen shows (SessionProvider `prepare`): the top bar's code,
 * and on the home its code and first reads, so the screen appears whole.
 */
export function prepareSignedIn(user: SessionUser): Promise<unknown> {
  const bar = preloadSignedInBar(user);
  if (window.location.pathname !== '/') return bar;
  return Promise.all([bar, preloadHome(user), signedInHome.preload()]);
}

/**
 * At start, on the home of a page that says who is signed in (bootData): the top bar's and the home's
 * code and first reads, started before React's first render, so the home appears once, whole. Other
 * pages load their remote as they render (a new order form's reads start earlier still: start-reads.ts):
 * code loaded before the first render runs before it too, and held the order form's first paint back
 * (Lighthouse mobile FCP 1.0 s → 2.5 s) for no gain in LCP.
 */
export function preloadStartPage(user: SessionUser): void {
  if (window.location.pathname !== '/') return;
  void preloadSignedInBar(user).catch(() => undefined);
  void preloadHome(user);
  void signedInHome.preload().catch(() => undefined);
}
