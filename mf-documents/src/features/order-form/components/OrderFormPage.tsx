import { Alert, Spinner } from 'react-bootstrap';
import { useParams } from 'react-router-dom';
import type { SessionUser } from 'shared-domain';
import { queryKey, useQuery, useSession, type QueryKey } from 'shared-ui';
import { loadCartDocument, loadDocument, loadNewDocument } from '../api/load-document.js';
import type { LoadedDocument } from '../model.js';
import { OrderForm } from './OrderForm.js';

/** How a route opens the form (specs/2-documents.md §2 routes, §4 load precedence). */
export type OpenedBy = 'new' | 'cart-item' | 'document' | 'readonly';

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
  return <LoadedOrderForm openedBy={openedBy} user={user} />;
}

function LoadedOrderForm({ openedBy, user }: { openedBy: OpenedBy; user: SessionUser }) {
  const [key, load] = loaderOf(openedBy, user, useParams());
  const { data, error } = useQuery(key, load);
  if (error) {
    return (
      <Alert variant="danger" role="alert">
        {error.status === 404 ? 'This document was not found, or it is not yours to open.' : error.message}
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
  // Keyed by what was loaded: opening another document starts a fresh form.
  const formKey = data.documentId ?? data.cartItemId ?? `new-${data.strategicPartnerId ?? ''}`;
  return <OrderForm key={formKey} user={user} document={data} reviewOnly={openedBy === 'readonly'} />;
}
