import { useEffect, useRef } from 'react';
import { useLocation } from 'shared-ui/router';
import { useSecondaryReady } from '../../../lib/page-shown.js';
import { recordPageView } from '../api/record-page-view.js';
import { pageViewPath } from '../lib/page-view-path.js';

/**
 * §2 Route guard: each navigation records a page view, for guests too, once per change of pathname
 * (a link to the page already shown records nothing). Never the query string (it may hold a token),
 * and a token-bearing path is recorded as its route pattern (`pageViewPath`).
 *
 * The first page's view is sent once its content is shown (lib/page-shown.ts, at most a few seconds
 * later): sent at start, it was one more request beside the page's code and reads, on a phone's six
 * connections. A navigation before then sends what waits at once.
 */
export function usePageViews() {
  const { pathname } = useLocation();
  const recorded = useRef<string | null>(null);
  const waiting = useRef<string[]>([]);
  const shown = useSecondaryReady();
  useEffect(() => {
    if (recorded.current !== pathname) {
      recorded.current = pathname;
      waiting.current.push(pageViewPath(pathname));
    }
    if (!shown && waiting.current.length < 2) return;
    for (const path of waiting.current.splice(0)) void recordPageView(path);
  }, [pathname, shown]);
}
