import { matchPath } from 'shared-ui/router';
import { draftFormKey } from 'shared-domain';
import { bootData, patterns, prefetchApi } from 'shared-ui';

/**
 * The first reads of a new document's order form (mf-documents' OrderFormPage: the blank document, the
 * user's draft of it, and the product whose fees the form shows), started with the page rather than
 * after the form's code: only requests, so nothing runs before React's first render. The e2e journey
 * 'the new order form ... each is fetched once' fails when one drifts.
 */
function prefetchNewDocument(userId: string, strategicPartnerId: string | undefined) {
  const partner = strategicPartnerId ? { strategicPartnerId } : {};
  prefetchApi('/epop/document/new/{userId}', { path: { userId }, query: partner });
  // Null for a partner id cart-api would refuse: the form shows that answer, not its draft or fees.
  const form = draftFormKey('new', strategicPartnerId);
  if (!form) return;
  prefetchApi('/document-draft', { query: { form } });
  prefetchApi('/product/epop/{userId}', { path: { userId }, query: partner });
}

/**
 * The reads a signed-in page starts before React's renderer and the app are evaluated (src/index.ts):
 * they need the kit alone, so they leave one or two tasks sooner (on Lighthouse's phone, the order
 * form's largest paint waited for them). Only the new order form's: the home starts its reads beside
 * its remotes (home.ts), where together they were one long task.
 */
export function startReads(): void {
  const { user } = bootData();
  if (!user) return;
  const newDocument = matchPath(patterns.newDocument, window.location.pathname);
  if (newDocument) prefetchNewDocument(user.userId, newDocument.params.strategicPartnerId);
}
