import { Route, Routes } from 'react-router-dom';
import { DocumentPage } from './DocumentPage.js';

const ORDER_FORM = 'POP Document Order Form';

/** The /document/... routes of specs/2-documents.md §2, relative to /document. */
export function DocumentRoutes() {
  return (
    <Routes>
      <Route path="new" element={<DocumentPage title={ORDER_FORM} />} />
      <Route path="new/:strategicPartnerId" element={<DocumentPage title={ORDER_FORM} />} />
      <Route path="cart/:cartItemId" element={<DocumentPage title={ORDER_FORM} />} />
      <Route path="action-item/:actionItemId" element={<DocumentPage title={ORDER_FORM} />} />
      <Route path=":documentId" element={<DocumentPage title={ORDER_FORM} />} />
      <Route path=":documentId/readonly" element={<DocumentPage title={ORDER_FORM} />} />
      <Route path=":documentId/renew" element={<DocumentPage title={ORDER_FORM} />} />
      <Route path=":documentId/admin/renew" element={<DocumentPage title={ORDER_FORM} />} />
      <Route path=":documentId/ndt" element={<DocumentPage title="Non-Discrimination Testing" />} />
      <Route path=":documentId/admin" element={<DocumentPage title="Admin Options" />} />
      <Route path=":documentId/download" element={<DocumentPage title="POP Document Download" />} />
      <Route path="*" element={<DocumentPage title="Page not found">{null}</DocumentPage>} />
    </Routes>
  );
}
