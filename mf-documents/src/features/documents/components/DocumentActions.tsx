import { useState } from 'react';
import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { ConfirmDialog, notifySuccess } from 'shared-ui';
import { MESSAGES } from 'shared-domain';
import { sendDocumentEmail, type DocumentEmailRecipients } from '../api/send-document-email.js';

const EMAIL_ACTIONS: Record<DocumentEmailRecipients, string> = {
  'send-self': 'Send to Self',
  'send-all': 'Send to All',
};

/**
 * The user actions of one document (§2 "My POP Documents"; 2-documents §2 "Document actions menu").
 * The pages behind the links decide between edit and read-only view, and whether renewal and
 * testing are open (the list row does not say).
 */
export function DocumentActions({ documentId }: { documentId: string }) {
  const [pendingEmail, setPendingEmail] = useState<DocumentEmailRecipients>();
  const documentUrl = `/document/${encodeURIComponent(documentId)}`;

  async function sendEmail(recipients: DocumentEmailRecipients) {
    setPendingEmail(undefined);
    try {
      await sendDocumentEmail(documentId, recipients);
      notifySuccess(MESSAGES.documentSending);
    } catch {
      // shown by the api client (toast or error window)
    }
  }

  return (
    <>
      <Dropdown align="end">
        <Dropdown.Toggle size="sm" variant="outline-primary" id={`document-actions-${documentId}`}>
          Actions
        </Dropdown.Toggle>
        {/* Fixed positioning: the menu must not be clipped by the scrolling table. */}
        <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
          <Dropdown.Item as={Link} to={documentUrl}>
            Edit or View
          </Dropdown.Item>
          <Dropdown.Item as={Link} to={`${documentUrl}/renew`}>
            Renew
          </Dropdown.Item>
          <Dropdown.Item as={Link} to={`${documentUrl}/ndt`}>
            Non-discrimination Testing
          </Dropdown.Item>
          <Dropdown.Divider />
          {(Object.keys(EMAIL_ACTIONS) as DocumentEmailRecipients[]).map((recipients) => (
            <Dropdown.Item key={recipients} as="button" onClick={() => setPendingEmail(recipients)}>
              {EMAIL_ACTIONS[recipients]}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
      <ConfirmDialog
        show={pendingEmail !== undefined}
        title={pendingEmail ? EMAIL_ACTIONS[pendingEmail] : undefined}
        message="Are you sure?"
        onConfirm={() => {
          if (pendingEmail) void sendEmail(pendingEmail);
        }}
        onCancel={() => setPendingEmail(undefined)}
      />
    </>
  );
}
