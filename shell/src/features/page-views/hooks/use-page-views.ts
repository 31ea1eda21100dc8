import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { recordPageView } from '../api/record-page-view.js';

/**
 * §2 Route guard: each navigation records a page view, for guests too. Only the pathname is sent
 * (a query string may hold a token), once per change of pathname.
 */
export function usePageViews() {
  const { pathname } = useLocation();
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (recorded.current === pathname) return;
    recorded.current = pathname;
    void recordPageView(pathname);
  }, [pathname]);
}
