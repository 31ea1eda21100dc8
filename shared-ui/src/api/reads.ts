import { useApi } from './client.js';

/**
 * The reads two apps make, defined once (a read two features of one app make lives in that app's
 * `src/api/`; a read of one feature, in the feature's `api/`).
 */

/**
 * GET strategic-partner: every partner, by name: mf-admin's partner list, its New POP Document
 * dropdown and its partner report; mf-documents' partner settings.
 */
export const useStrategicPartners = () => useApi('/strategic-partner');

/**
 * GET system-message/config/app: the definitions, guide links and video ids the NDT tutorial (shell)
 * and the NDT instructions (mf-documents) quote. Silent: without it they still read, only without
 * those parts.
 */
export const useAppConfig = () => useApi('/system-message/config/app', undefined, { silent: true });

/**
 * GET client/{clientId}: a client (opening it records it among the caller's Recently Viewed):
 * mf-documents' /client page and mf-admin's. A client that is missing or not the caller's (404) is the
 * page's to say (`isNotFound`), not a toast's.
 */
export const useClient = (clientId: string) =>
  useApi('/client/{clientId}', { path: { clientId } }, { quiet: [404] });

/**
 * GET client/{clientId}/document: the client's documents, newest first (compliance: the inactive ones
 * too). A 404 is the page's to say, as for the client.
 */
export const useClientDocuments = (clientId: string) =>
  useApi('/client/{clientId}/document', { path: { clientId } }, { quiet: [404] });
