import type { SessionUser } from '../api/bff.js';
import type { DocumentStatus } from './DocumentStatusBadge.js';

/**
 * What the actions menu needs to know of a document, whatever row shows it (a row of My POP Documents,
 * of a client's documents, an order item, the document itself): each screen maps its row to this.
 */
export interface DocumentActionsInput {
  documentId: string;
  status: DocumentStatus;
  /** Inactive or being processed: it can be viewed, not edited or tested. */
  isReadOnly: boolean;
  /** Paid, its plan year ends within the renewal window (or has ended), and not renewed yet. */
  readyForRenewal: boolean;
  /** Deactivated by compliance: Reactivate gives its status back. */
  deactivated: boolean;
  /** A paid order with a receipt covers it (`orderId` names that order). */
  showUserReceipt: boolean;
  orderId: string | null;
}

/** The entries the menu offers (Edit or View is always offered). */
export interface OfferedActions {
  renew: boolean;
  ndt: boolean;
  send: boolean;
  adminOptions: boolean;
  adminRenewal: boolean;
  receipt: boolean;
  deactivate: boolean;
  reactivate: boolean;
}

/**
 * What the menu may offer for one document (specs/2-documents.md §2 "Document actions menu", §4 "Menu
 * availability", "Deactivation"; specs/1-foundation.md §6: compliance gets the admin variants). The
 * server refuses the same things on its own (cart-api's document policy and operations).
 */
export function documentActions(
  user: Pick<SessionUser, 'roleGroup'>,
  document: DocumentActionsInput,
): OfferedActions {
  const compliance = user.roleGroup === 'compliance';
  const paid = document.status === 'Paid';
  return {
    // Everyone's renewal form (compliance's final step: 'Invite to Purchase' or 'Create Free Document').
    renew: document.readyForRenewal,
    // Testing needs a paid document that can still be changed (read-only documents cannot be tested).
    ndt: paid && !document.isReadOnly,
    // The PDFs exist only for a paid document: only it can be e-mailed.
    send: paid,
    adminOptions: compliance,
    adminRenewal: compliance && document.readyForRenewal,
    receipt: document.showUserReceipt && document.orderId !== null,
    // (De)activation is compliance's (the server refuses everyone else).
    deactivate: compliance && paid && !document.deactivated,
    reactivate:
      compliance && document.deactivated && (document.status === 'Unpaid' || document.status === 'Inactive'),
  };
}
