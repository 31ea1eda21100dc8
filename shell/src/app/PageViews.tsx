import { usePageViews } from '../features/page-views/hooks/use-page-views.js';

export function PageViews() {
  usePageViews();
  return null;
}
