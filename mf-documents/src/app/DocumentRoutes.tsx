import { Route, Routes } from 'react-router-dom';
import { below, patterns } from 'shared-ui';
import { OrderFormPage } from '../features/order-form/components/OrderFormPage.js';
import { DocumentPage } from '../features/document-pages/components/DocumentPage.js';

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
      <Route
        path={route(patterns.documentNdt)}
        element={<DocumentPage title="Non-Discrimination Testing" />}
      />
      <Route path={route(patterns.documentAdmin)} element={<DocumentPage title="Admin Options" />} />
      <Route
        path={route(patterns.documentDownload)}
        element={<DocumentPage title="POP Document Download" />}
      />
      <Route path="*" element={<DocumentPage title="Page not found">{null}</DocumentPage>} />
    </Routes>
  );
}
