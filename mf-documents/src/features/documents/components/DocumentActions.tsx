import { useState } from 'react';
import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { MESSAGES } from 'shared-domain';
import { ConfirmDialog, notifySuccess, paths, type DocumentListRow, type SessionUser } from 'shared-ui';
import { DeactivateDialog } from '../../../components/DeactivateDialog.js';
import { ReactivateConfirm } from '../../../components/ReactivateConfirm.js';
import { sendToAll, sendToSelf } from '../api/send-document.js';

interface DocumentActionsProps {
  user: SessionUser;
  document: DocumentListRow;
}

/** What the menu may offer for one row (specs/2-documents.md §2 "Document actions menu", §4). */
export function documentActions(user: SessionUser, document: DocumentListRow) {
  const compliance = user.roleGroup === 'compliance';
  const paid = document.status === 'Paid';
  return {
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

type Dialog = 'send-self' | 'send-all' | 'deactivate' | 'reactivate' | null;

/**
 * The actions of one document (specs/2-documents.md §2 "Document actions menu"), in the spec's order:
 * Edit (View when read-only), Renew, Non-discrimination Testing, Send to Self, Send to All, and for
 * compliance Admin Options, Admin Renewal, No Purchase, then View Receipt, and compliance's
 * Deactivate and Reactivate, each by the rules of `documentActions`.
 */
export function DocumentActions({ user, document }: DocumentActionsProps) {
  const { documentId } = document;
  const offered = documentActions(user, document);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  async function send(to: 'self' | 'all') {
    close();
    try {
      await (to === 'self' ? sendToSelf(documentId) : sendToAll(documentId));
    } catch {
      return; // told already
    }
    notifySuccess(MESSAGES.documentSending);
  }

  const sending = dialog === 'send-self' || dialog === 'send-all';
  return (
    <>
      <Dropdown align="end">
        <Dropdown.Toggle size="sm" variant="outline-primary" id={`document-actions-${documentId}`}>
          Actions
        </Dropdown.Toggle>
        {/* Fixed positioning: the menu must not be clipped by the scrolling table. */}
        <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
          <Dropdown.Item as={Link} to={paths.document(documentId)}>
            {document.isReadOnly ? 'View' : 'Edit'}
          </Dropdown.Item>
          {offered.renew && (
            <Dropdown.Item as={Link} to={paths.documentRenew(documentId)}>
              Renew
            </Dropdown.Item>
          )}
          {offered.ndt && (
            <Dropdown.Item as={Link} to={paths.documentNdt(documentId)}>
              Non-discrimination Testing
            </Dropdown.Item>
          )}
          {offered.send && (
            <Dropdown.Item as="button" onClick={() => setDialog('send-self')}>
              Send to Self
            </Dropdown.Item>
          )}
          {offered.send && (
            <Dropdown.Item as="button" onClick={() => setDialog('send-all')}>
              Send to All
            </Dropdown.Item>
          )}
          {offered.adminOptions && (
            <Dropdown.Item as={Link} to={paths.documentAdmin(documentId)}>
              Admin Options
            </Dropdown.Item>
          )}
          {offered.adminRenewal && (
            <Dropdown.Item as={Link} to={paths.documentAdminRenew(documentId)}>
              Admin Renewal, No Purchase
            </Dropdown.Item>
          )}
          {offered.receipt && document.orderId && (
            <Dropdown.Item as={Link} to={paths.receipt(document.orderId)}>
              View Receipt
            </Dropdown.Item>
          )}
          {offered.deactivate && (
            <Dropdown.Item as="button" onClick={() => setDialog('deactivate')}>
              Deactivate
            </Dropdown.Item>
          )}
          {offered.reactivate && (
            <Dropdown.Item as="button" onClick={() => setDialog('reactivate')}>
              Reactivate
            </Dropdown.Item>
          )}
        </Dropdown.Menu>
      </Dropdown>
      <ConfirmDialog
        show={sending}
        title={dialog === 'send-all' ? 'Send to All' : 'Send to Self'}
        message="Are you sure?"
        onConfirm={() => void send(dialog === 'send-all' ? 'all' : 'self')}
        onCancel={close}
      />
      {offered.deactivate && (
        <DeactivateDialog show={dialog === 'deactivate'} documentId={documentId} onClose={close} />
      )}
      {offered.reactivate && (
        <ReactivateConfirm show={dialog === 'reactivate'} documentId={documentId} onClose={close} />
      )}
    </>
  );
}
