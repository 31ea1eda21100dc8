import { useEffect, useRef } from 'react';
import { useLocation } from 'shared-ui/router';
import { recordPageView } from '../api/record-page-view.js';
import { pageViewPath } from '../lib/page-view-path.js';

/**
 * §2 Route guard: each navigation records a page view, for guests too, once per change of pathname
 * (a link to the page already shown records nothing). Never the query string (it may hold a token),
 * and a token-bearing path is recorded as its route pattern (`pageViewPath`).
 */
export function usePageViews() {
  const { pathname } = useLocation();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (recorded.current === pathname) return;
    recorded.current = pathname;
    void recordPageView(pageViewPath(pathname));
  }, [pathname]);
}
