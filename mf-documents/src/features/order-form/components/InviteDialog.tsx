import { useState } from 'react';
import { Form } from 'shared-ui/bootstrap';
import { ModalDialog } from 'shared-ui';
import type { Invitee } from '../api/save-document.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface InviteDialogProps {
  show: boolean;
  /** Step 1's company name: the dialog starts with it. */
  companyName: string;
  title: string;
  /** Sends the invite; a thrown error shows in the dialog's banner and keeps it open. */
  onSend(invitee: Invitee): Promise<void>;
  onClose(): void;
}

/**
 * The invite dialog (specs/2-documents.md §2): companyName, firstname, lastname, email. The invite
 * goes out only from its Save ('sendInvite'); a missing field is said in the banner, the dialog stays.
 */
export function InviteDialog({ show, companyName, title, onSend, onClose }: InviteDialogProps) {
  const [invitee, setInvitee] = useState<Invitee>({ companyName, firstname: '', lastname: '', email: '' });
  const field = (name: keyof Invitee, label: string, type = 'text') => (
    <Form.Group className="mb-2" controlId={`invite-${name}`}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        value={invitee[name]}
        maxLength={name === 'email' ? 200 : 100}
        onChange={(event) => setInvitee({ ...invitee, [name]: event.target.value })}
      />
    </Form.Group>
  );

  async function save() {
    const blank = (['companyName', 'firstname', 'lastname', 'email'] as const).find(
      (name) => invitee[name].trim() === '',
    );
    if (blank) return 'Company name, first name, last name and e-mail are all required';
    if (!EMAIL.test(invitee.email.trim())) return 'Enter a valid e-mail address';
    await onSend(invitee);
  }

  return (
    <ModalDialog
      show={show}
      title={title}
      buttons="save-cancel"
      saveLabel="OK"
      onSave={save}
      onClose={onClose}
    >
      <p>We will e-mail them a link to review and purchase this document.</p>
      {field('companyName', 'Company Name')}
      {field('firstname', 'First Name')}
      {field('lastname', 'Last Name')}
      {field('email', 'E-mail', 'email')}
    </ModalDialog>
  );
}
