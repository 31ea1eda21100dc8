import { Route, Routes } from 'react-router-dom';
import { below, patterns } from 'shared-ui';
import { DocumentPage } from './DocumentPage.js';

const ORDER_FORM = 'POP Document Order Form';

/** A /document/... pattern relative to /document, where these routes are mounted. */
const route = <Pattern extends `/document/${string}`>(pattern: Pattern) =>
  below(patterns.documentPages, pattern);

/** The /document/... routes of specs/2-documents.md §2, relative to /document. */
export function DocumentRoutes() {
  return (
    <Routes>
      <Route path={route(patterns.newDocument)} element={<DocumentPage title={ORDER_FORM} />} />
      <Route path={route(patterns.cartItemDocument)} element={<DocumentPage title={ORDER_FORM} />} />
      <Route path={route(patterns.actionItemDocument)} element={<DocumentPage title={ORDER_FORM} />} />
      <Route path={route(patterns.document)} element={<DocumentPage title={ORDER_FORM} />} />
      <Route path={route(patterns.documentReadonly)} element={<DocumentPage title={ORDER_FORM} />} />
      <Route path={route(patterns.documentRenew)} element={<DocumentPage title={ORDER_FORM} />} />
      <Route path={route(patterns.documentAdminRenew)} element={<DocumentPage title={ORDER_FORM} />} />
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
