import { Alert, Spinner } from 'react-bootstrap';
import { Navigate, useParams } from 'react-router-dom';
import {
  isNotFound,
  paths,
  queryKey,
  useQuery,
  useSession,
  type QueryKey,
  type SessionUser,
} from 'shared-ui';
import {
  loadActionItemDocument,
  loadCartDocument,
  loadDocument,
  loadNewDocument,
  loadRenewal,
} from '../api/load-document.js';
import type { LoadedDocument } from '../model.js';
import { OrderForm } from './OrderForm.js';

/** How a route opens the form (specs/2-documents.md §2 routes, §4 load precedence). */
export type OpenedBy =
  'new' | 'cart-item' | 'action-item' | 'document' | 'readonly' | 'renew' | 'admin-renew';

/** The read the route names: its cache key and its loader. */
function loaderOf(
  openedBy: OpenedBy,
  user: SessionUser,
  params: Readonly<Record<string, string | undefined>>,
): [QueryKey, () => Promise<LoadedDocument>] {
  switch (openedBy) {
    case 'new': {
      const partnerId = params.strategicPartnerId;
      return [
        queryKey('/epop/document/new/{userId}', user.userId, partnerId ?? null),
        () => loadNewDocument(user.userId, partnerId),
      ];
    }
    case 'cart-item':
      return [
        queryKey('/cart/{cartItemId}/epop', params.cartItemId),
        () => loadCartDocument(params.cartItemId!),
      ];
    case 'action-item':
      return [
        queryKey('/epop-document/action-item/{actionItemId}', params.actionItemId),
        () => loadActionItemDocument(params.actionItemId!),
      ];
    case 'renew':
    case 'admin-renew':
      return [
        queryKey('/epop-document/{id}/renew/{userId}', params.documentId, user.userId),
        () => loadRenewal(params.documentId!, user.userId),
      ];
    case 'document':
    case 'readonly':
      return [
        queryKey('/epop-document/{id}', params.documentId, 'form'),
        () => loadDocument(params.documentId!, user.userId),
      ];
  }
}

/** A /document/... page of the order form: loads the document the route names, then the form. */
export function OrderFormPage({ openedBy }: { openedBy: OpenedBy }) {
  const { user } = useSession();
  if (!user) return null;
  // Renewing without purchase is compliance's (the server refuses anyone else a free document too).
  if (openedBy === 'admin-renew' && user.roleGroup !== 'compliance') {
    return (
      <Alert variant="danger" role="alert">
        Only compliance can renew a document without purchase.
      </Alert>
    );
  }
  return <LoadedOrderForm openedBy={openedBy} user={user} />;
}

function LoadedOrderForm({ openedBy, user }: { openedBy: OpenedBy; user: SessionUser }) {
  const [key, load] = loaderOf(openedBy, user, useParams());
  const { data, error } = useQuery(key, load);
  if (error) {
    return (
      <Alert variant="danger" role="alert">
        {isNotFound(error) ? 'This document was not found, or it is not yours to open.' : error.message}
      </Alert>
    );
  }
  if (!data) {
    return (
      <div className="text-center my-5">
        <Spinner animation="border" role="status">
          <span className="visually-hidden">Loading the document</span>
        </Spinner>
      </div>
    );
  }
  // A renewal reminder opens the renewal of its document (the new-document flow).
  if (data.actionItem?.itemType === 'pop-document-renewal' && data.documentId) {
    return <Navigate replace to={paths.documentRenew(data.documentId)} />;
  }
  // A testing reminder opens the non-discrimination testing of its document.
  if (data.actionItem?.itemType === 'pop-document-ndt' && data.documentId) {
    return <Navigate replace to={paths.documentNdt(data.documentId)} />;
  }
  // Keyed by what was loaded: opening another document starts a fresh form.
  const formKey = data.documentId ?? data.cartItemId ?? `new-${data.strategicPartnerId ?? ''}`;
  return <OrderForm key={formKey} user={user} document={data} reviewOnly={openedBy === 'readonly'} />;
}
