import { useEffect, useRef, useState } from 'react';
import { matchPath, useLocation } from 'shared-ui/router';
import { bootData, patterns } from 'shared-ui';
import { useSecondaryReady } from '../../../lib/page-shown.js';
import { recordPageView } from '../api/record-page-view.js';
import { pageViewPath } from '../lib/page-view-path.js';

/** Pages that change the session: their view is sent at once, as the person who opened them. */
const SESSION_PAGES = [patterns.logout, patterns.auth];

/**
 * §2 Route guard: each navigation records a page view, for guests too, once per change of pathname
 * (a link to the page already shown records nothing). Never the query string (it may hold a token),
 * and a token-bearing path is recorded as its route pattern (`pageViewPath`).
 *
 * On a page that starts signed in, its view waits until the page's content is shown (lib/page-shown.ts:
 * idle after it, 3 s at most): sent at start, it was one more request beside the page's code and reads
 * on a phone's six connections (Lighthouse's order form found it on its largest paint's path). Any
 * navigation sends what waits at once, and so does leaving or hiding the page (a `keepalive` request).
 */
export function usePageViews() {
  const { pathname } = useLocation();
  const recorded = useRef<string | null>(null);
  const waiting = useRef<string[]>([]);
  const [waitsForPage] = useState(
    () => bootData().user !== undefined && !SESSION_PAGES.some((pattern) => matchPath(pattern, pathname)),
  );
  const deferring = useRef(waitsForPage);
  const shown = useSecondaryReady();
  useEffect(() => {
    if (recorded.current !== pathname) {
      recorded.current = pathname;
      waiting.current.push(pageViewPath(pathname));
    }
    if (deferring.current && !shown && waiting.current.length < 2) return;
    deferring.current = false;
    for (const path of waiting.current.splice(0)) void recordPageView(path);
  }, [pathname, shown]);
  useEffect(() => {
    const leave = () => {
      for (const path of waiting.current.splice(0)) void recordPageView(path, { keepalive: true });
    };
    // A phone's hidden tab may be closed without a pagehide.
    const hidden = () => document.visibilityState === 'hidden' && leave();
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, []);
}
