import { Route, Routes } from 'shared-ui/router';
import { below, NotFound, patterns } from 'shared-ui';
import { OrderFormPage } from '../features/order-form/components/OrderFormPage.js';
import { lazyPage } from '../components/lazy-page.js';

// The order form, the page most opened, is in the remote's first chunks; the other pages load when
// opened (about 10 KB brotli the order form's phone no longer waits for). They suspend up to the
// shell's slot, which shows its spinner and says the page is shown once they render.
const NdtPage = lazyPage(() => import('../features/ndt/components/NdtPage.js').then((m) => m.NdtPage));
const DocumentAdminPage = lazyPage(() =>
  import('../features/document-admin/components/DocumentAdminPage.js').then((m) => m.DocumentAdminPage),
);
const DownloadPage = lazyPage(() =>
  import('../features/download/components/DownloadPage.js').then((m) => m.DownloadPage),
);

/** A /document/... pattern relative to /document, where these routes are mounted. */
const route = <Pattern extends `/document/${string}`>(pattern: Pattern) =>
  below(patterns.documentPages, pattern);

/** The /document/... routes of specs/2-documents.md §2, relative to /document. */
export function DocumentRoutes() {
  return (
    <Routes>
      <Route path={route(patterns.newDocument)} element={<OrderFormPage openedBy="new" />} />
      <Route path={route(patterns.cartItemDocument)} element={<OrderFormPage openedBy="cart-item" />} />
      <Route path={route(patterns.actionItemDocument)} element={<OrderFormPage openedBy="action-item" />} />
      <Route path={route(patterns.document)} element={<OrderFormPage openedBy="document" />} />
      <Route path={route(patterns.documentReadonly)} element={<OrderFormPage openedBy="readonly" />} />
      <Route path={route(patterns.documentRenew)} element={<OrderFormPage openedBy="renew" />} />
      <Route path={route(patterns.documentAdminRenew)} element={<OrderFormPage openedBy="admin-renew" />} />
      <Route path={route(patterns.documentNdt)} element={<NdtPage />} />
      <Route path={route(patterns.documentAdmin)} element={<DocumentAdminPage />} />
      <Route path={route(patterns.documentDownload)} element={<DownloadPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
