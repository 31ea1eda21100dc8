import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { notifySuccess } from '../feedback/toasts.js';
import { reactivateDocument, useRefreshDocuments } from './document-actions-api.js';

/** specs/2-documents.md §4 "Deactivation", word for word. */
export const REACTIVATE_QUESTION = 'Do you wish to reactivate this document?';

export interface ReactivateConfirmProps {
  show: boolean;
  documentId: string;
  onClose(): void;
  /** After the reactivation (the toast is shown and the documents are re-read). */
  onReactivated?(): void;
}

/**
 * Reactivate (compliance's): asks 'Do you wish to reactivate this document?', posts, then reloads
 * what the screen shows (the document gets back the status it had before its deactivation).
 */
export function ReactivateConfirm({ show, documentId, onClose, onReactivated }: ReactivateConfirmProps) {
  const refresh = useRefreshDocuments();

  async function reactivate() {
    onClose();
    try {
      const answer = await reactivateDocument(documentId);
      notifySuccess(answer.message);
    } catch {
      return; // told already
    }
    await refresh();
    onReactivated?.();
  }

  return (
    <ConfirmDialog
      show={show}
      title="Reactivate Document"
      message={REACTIVATE_QUESTION}
      confirmLabel="Reactivate"
      onConfirm={() => void reactivate()}
      onCancel={onClose}
    />
  );
}
