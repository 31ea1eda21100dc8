import { useId, useState } from 'react';
import { Form } from '../bootstrap.js';
import { ModalDialog } from '../actions/ModalDialog.js';
import { notifySuccess } from '../feedback/toasts.js';
import {
  deactivateDocument,
  useDocumentAnswer,
  useRefreshDocuments,
  type Deactivation,
} from './document-actions-api.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The dialog's texts (the server says the same for the same mistakes). */
export const DEACTIVATE_TEXT = {
  title: 'Deactivate Document',
  reasonRequired: 'A reason is required to deactivate a document',
  sendToInvalid: 'Send to must be an e-mail address',
  colonialNoRepayment:
    'Repayment cannot be allowed for a Colonial document: remove it from Colonial with a no-pay reason instead.',
} as const;

export interface DeactivateDialogProps {
  show: boolean;
  documentId: string;
  /**
   * A Colonial document cannot be bought again (the server refuses allowRepayment). Unknown (a list
   * row does not say): the dialog reads the document when it opens.
   */
  colonial?: boolean;
  onClose(): void;
  /** After the deactivation (the toast is shown and the documents are re-read). */
  onDeactivated?(): void;
}

const EMPTY: Deactivation = { reason: '', allowRepayment: false, sendTo: '' };

/**
 * Deactivate (specs/2-documents.md §4 "Deactivation"), compliance's: the save-cancel dialog with the
 * reason (required: said in the banner, the dialog stays open), allowRepayment (not for a Colonial
 * document) and sendTo (whom the repayment e-mail goes to; optional). The document leaves the
 * client's and the broker's dashboards.
 */
export function DeactivateDialog({
  show,
  documentId,
  onClose,
  onDeactivated,
  ...props
}: DeactivateDialogProps) {
  const [values, setValues] = useState<Deactivation>(EMPTY);
  const { data: document } = useDocumentAnswer(show && props.colonial === undefined ? documentId : null);
  const colonial = props.colonial ?? (document ? document.partner?.colonial != null : undefined);
  // Until the document says whether it is Colonial, repayment is not offered.
  const noRepayment = colonial !== false;
  const refresh = useRefreshDocuments();
  const id = useId();

  function close() {
    setValues(EMPTY);
    onClose();
  }

  async function save() {
    const reason = values.reason.trim();
    const sendTo = values.allowRepayment && !noRepayment ? values.sendTo.trim() : '';
    if (reason === '') return DEACTIVATE_TEXT.reasonRequired;
    if (sendTo !== '' && !EMAIL.test(sendTo)) return DEACTIVATE_TEXT.sendToInvalid;
    const answer = await deactivateDocument(documentId, {
      reason,
      allowRepayment: values.allowRepayment && !noRepayment,
      sendTo,
    });
    notifySuccess(answer.message);
    setValues(EMPTY);
    await refresh();
    onDeactivated?.();
  }

  return (
    <ModalDialog
      show={show}
      title={DEACTIVATE_TEXT.title}
      buttons="save-cancel"
      onSave={save}
      onClose={close}
    >
      <p>
        The document leaves the client&apos;s and the broker&apos;s dashboards and can no longer be
        downloaded. Reactivate gives it back.
      </p>
      <Form.Group className="mb-3" controlId={`${id}-reason`}>
        <Form.Label>Reason</Form.Label>
        <span aria-hidden="true" className="text-danger ms-1">
          *
        </span>
        <Form.Control
          as="textarea"
          rows={3}
          required
          maxLength={500}
          value={values.reason}
          onChange={(event) => setValues({ ...values, reason: event.target.value })}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-repayment`}>
        <Form.Check
          type="checkbox"
          label="Allow repayment (the client gets an action item to purchase it again)"
          checked={values.allowRepayment && !noRepayment}
          disabled={noRepayment}
          aria-describedby={colonial ? `${id}-colonial` : undefined}
          onChange={(event) => setValues({ ...values, allowRepayment: event.target.checked })}
        />
        {colonial && (
          <Form.Text id={`${id}-colonial`} className="d-block">
            {DEACTIVATE_TEXT.colonialNoRepayment}
          </Form.Text>
        )}
      </Form.Group>
      <Form.Group className="mb-3" controlId={`${id}-send-to`}>
        <Form.Label>Send To</Form.Label>
        <Form.Control
          type="email"
          maxLength={200}
          value={values.sendTo}
          disabled={!values.allowRepayment || noRepayment}
          aria-describedby={`${id}-send-to-help`}
          onChange={(event) => setValues({ ...values, sendTo: event.target.value })}
        />
        <Form.Text id={`${id}-send-to-help`} className="d-block">
          With repayment allowed: who is e-mailed to purchase it again (optional; the document&apos;s primary
          e-mail otherwise).
        </Form.Text>
      </Form.Group>
    </ModalDialog>
  );
}
