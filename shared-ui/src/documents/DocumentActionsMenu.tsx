import { useId, useState } from 'react';
import { Dropdown } from '../bootstrap.js';
import { Link } from 'shared-ui/router';
import { MESSAGES } from 'shared-domain';
import type { SessionUser } from '../api/bff.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { notifySuccess } from '../feedback/toasts.js';
import { paths } from '../paths.js';
import { DeactivateDialog } from './DeactivateDialog.js';
import { documentActions, type DocumentActionsInput } from './document-actions.js';
import { sendToAll, sendToSelf } from './document-actions-api.js';
import { ReactivateConfirm } from './ReactivateConfirm.js';

export interface DocumentActionsMenuProps {
  /** The signed-in user: compliance gets the admin entries. */
  user: Pick<SessionUser, 'roleGroup'>;
  document: DocumentActionsInput;
  /**
   * After an action changed the document or its record: a send accepted, a deactivation, a
   * reactivation (the admin client page re-reads its change log). The documents are re-read anyway.
   */
  onChange?(): void;
}

type Dialog = 'send-self' | 'send-all' | 'deactivate' | 'reactivate' | null;

/**
 * The actions of one document (specs/2-documents.md §2 "Document actions menu"), wherever a document
 * is listed (My POP Documents, the admin client page, Order Management, the admin document page), in
 * the spec's order and words: Edit (View when read-only), Renew, Non-discrimination Testing, Send to
 * Self, Send to All, Admin Options, Admin Renewal, No Purchase, View Receipt, Deactivate, Reactivate,
 * each by the rules of `documentActions`. Sending asks 'Are you sure?' first; Deactivate and
 * Reactivate open their dialogs and then re-read every answer the document shows in.
 */
export function DocumentActionsMenu({ user, document, onChange }: DocumentActionsMenuProps) {
  const { documentId } = document;
  const offered = documentActions(user, document);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  // One document may show twice on a page (an order bought again after a deactivation).
  const toggleId = useId();

  async function send(to: 'self' | 'all') {
    close();
    try {
      await (to === 'self' ? sendToSelf(documentId) : sendToAll(documentId));
    } catch {
      return; // told already
    }
    notifySuccess(MESSAGES.documentSending);
    onChange?.();
  }

  const sending = dialog === 'send-self' || dialog === 'send-all';
  return (
    <>
      <Dropdown align="end">
        <Dropdown.Toggle size="sm" variant="outline-primary" id={toggleId}>
          Actions
        </Dropdown.Toggle>
        {/* Fixed positioning: the menu must not be clipped by a scrolling table. */}
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
        confirmLabel="Send"
        onConfirm={() => void send(dialog === 'send-all' ? 'all' : 'self')}
        onCancel={close}
      />
      {offered.deactivate && (
        <DeactivateDialog
          show={dialog === 'deactivate'}
          documentId={documentId}
          onClose={close}
          onDeactivated={onChange}
        />
      )}
      {offered.reactivate && (
        <ReactivateConfirm
          show={dialog === 'reactivate'}
          documentId={documentId}
          onClose={close}
          onReactivated={onChange}
        />
      )}
    </>
  );
}
