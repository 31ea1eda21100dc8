import { useDeferredValue, useEffect, useState } from 'react';
import { Alert } from 'shared-ui/bootstrap';
import { Navigate, useParams } from 'shared-ui/router';
import { draftFormKey } from 'shared-domain';
import {
  ApiError,
  isNotFound,
  LoadingState,
  PageHeader,
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
import { getDraft, type SavedDraft } from '../api/document-draft.js';
import type { LoadedDocument } from '../model.js';
import { DocumentUnavailable } from '../../../components/DocumentUnavailable.js';
import { OrderForm, ORDER_FORM_TEXT } from './OrderForm.js';

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
      <>
        <PageHeader title={ORDER_FORM_TEXT.title} />
        <Alert variant="danger" role="alert">
          Only compliance can renew a document without purchase.
        </Alert>
      </>
    );
  }
  return <LoadedOrderForm openedBy={openedBy} user={user} />;
}

/** The key of the draft a route's form keeps (cart-api's `document-draft?form=`); null: none. */
function draftKeyOf(openedBy: OpenedBy, params: Readonly<Record<string, string | undefined>>) {
  switch (openedBy) {
    case 'new':
      return draftFormKey('new', params.strategicPartnerId);
    case 'cart-item':
      return draftFormKey('cart-item', params.cartItemId);
    case 'action-item':
      return draftFormKey('action-item', params.actionItemId);
    // Both renewals open the same renewal form.
    case 'renew':
    case 'admin-renew':
      return draftFormKey('renew', params.documentId);
    case 'document':
      return draftFormKey('document', params.documentId);
    case 'readonly':
      return null;
  }
}

/**
 * The user's autosaved draft of the form, read once as the form opens (not cached: a draft discarded
 * or saved must not come back from a cache). `undefined` while it is asked; a failure is no draft.
 */
function useOpeningDraft(formKey: string | null): SavedDraft | null | undefined {
  const [read, setRead] = useState<{ formKey: string; draft: SavedDraft | null } | null>(null);
  useEffect(() => {
    if (formKey === null) return;
    let current = true;
    const settle = (draft: SavedDraft | null) => current && setRead({ formKey, draft });
    getDraft(formKey).then(
      (answer) => settle(answer.draft),
      () => settle(null),
    );
    return () => {
      current = false;
    };
  }, [formKey]);
  if (formKey === null) return null;
  return read?.formKey === formKey ? read.draft : undefined;
}

function LoadedOrderForm({ openedBy, user }: { openedBy: OpenedBy; user: SessionUser }) {
  const params = useParams();
  const [key, load] = loaderOf(openedBy, user, params);
  const { data, error } = useQuery(key, load);
  const formKey = draftKeyOf(openedBy, params);
  const draft = useOpeningDraft(formKey);
  // The form's first render (a whole step of fields) is deferred: React renders it in slices that
  // yield to the browser, instead of in the one blocking task of the update that brought the last read
  // (a store's update or an effect's is never sliced): a phone's main thread is never held for 250 ms.
  const opened = useDeferredValue(data !== undefined && draft !== undefined);
  if (error) {
    // A missing or foreign document reads as not found, and a failure as one, as on every document
    // page; a refusal of this form for this document is told in the server's words ('This document
    // is not ready for renewal').
    const refusal =
      error instanceof ApiError && error.status !== null && error.status < 500 && !isNotFound(error);
    if (!refusal) return <DocumentUnavailable error={error} title={ORDER_FORM_TEXT.title} />;
    return (
      <>
        <PageHeader title={ORDER_FORM_TEXT.title} />
        <Alert variant="danger">{error.message}</Alert>
      </>
    );
  }
  if (!opened || !data || draft === undefined) return <LoadingState label="Loading the document" />;
  // A renewal reminder opens the renewal of its document (the new-document flow).
  if (data.actionItem?.itemType === 'pop-document-renewal' && data.documentId) {
    return <Navigate replace to={paths.documentRenew(data.documentId)} />;
  }
  // A testing reminder opens the non-discrimination testing of its document.
  if (data.actionItem?.itemType === 'pop-document-ndt' && data.documentId) {
    return <Navigate replace to={paths.documentNdt(data.documentId)} />;
  }
  // Keyed by what was loaded: opening another document starts a fresh form.
  const reactKey = data.documentId ?? data.cartItemId ?? `new-${data.strategicPartnerId ?? ''}`;
  const readOnly = openedBy === 'readonly' || data.isReadOnly;
  return (
    <OrderForm
      key={reactKey}
      user={user}
      document={data}
      reviewOnly={openedBy === 'readonly'}
      draftKey={readOnly ? null : formKey}
      draft={readOnly ? null : draft}
    />
  );
}
