import type { ReactNode } from 'react';
import { Button, Modal } from '../bootstrap.js';

export interface ConfirmDialogProps {
  show: boolean;
  title?: string;
  message: ReactNode;
  /** The verb of what confirming does: 'Delete', 'Send', 'Reactivate' (never 'Yes'). */
  confirmLabel?: string;
  /** 'Cancel': closes the dialog and changes nothing. */
  cancelLabel?: string;
  confirmVariant?: 'primary' | 'danger' | 'success' | 'warning';
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The one confirm dialog: a question ('Are you sure?'), 'Cancel' and the verb of what happens
 * (danger for what cannot be undone); the caller owns `show`.
 */
export function ConfirmDialog({
  show,
  title = 'Please confirm',
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  confirmVariant = 'primary',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-dialog-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
