import { useState, type ReactNode } from 'react';
import { Alert, Button, Modal } from '../bootstrap.js';
import { Busy } from '../feedback/Busy.js';

/** The button sets of specs/3-admin.md "Shared controls": Cancel and Save (or OK), Close, or none. */
export const DIALOG_BUTTON_SETS = ['save-cancel', 'close', 'none'] as const;
export type DialogButtons = (typeof DIALOG_BUTTON_SETS)[number];

export const UNRECOGNIZED_BUTTONS = 'Unrecognized value of buttons';

export interface ModalDialogProps {
  show: boolean;
  /** Default 'No title' (the specs'). */
  title?: string;
  buttons?: DialogButtons;
  /** The save button's text for 'save-cancel': 'Save' (or 'OK'). */
  saveLabel?: 'Save' | 'OK';
  /**
   * Runs on Save. A returned message is a validation message: the dialog stays open and shows it;
   * a thrown error shows in the banner (its message); nothing returned closes the dialog.
   */
  onSave?: () => Promise<string | void> | string | void;
  onClose(): void;
  children?: ReactNode;
}

/**
 * The modal dialog of every screen (width 800, the close cross, the error banner, the button bar). A
 * `buttons` value outside the three sets is a programming error, shown as 'Unrecognized value of
 * buttons' rather than a dialog nobody can close.
 */
export function ModalDialog({
  show,
  title = 'No title',
  buttons = 'close',
  saveLabel = 'Save',
  onSave,
  onClose,
  children,
}: ModalDialogProps) {
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const known = (DIALOG_BUTTON_SETS as readonly string[]).includes(buttons);

  function close() {
    setError(undefined);
    onClose();
  }

  async function save() {
    setSaving(true);
    setError(undefined);
    try {
      const message = await onSave?.();
      if (typeof message === 'string' && message !== '') setError(message);
      else close();
    } catch (thrown) {
      setError(thrown instanceof Error ? thrown.message : String(thrown));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal show={show} onHide={close} size="lg" centered aria-labelledby="modal-dialog-title">
      <Modal.Header closeButton>
        <Modal.Title id="modal-dialog-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {(error ?? (known ? undefined : UNRECOGNIZED_BUTTONS)) && (
          <Alert variant="danger">{error ?? UNRECOGNIZED_BUTTONS}</Alert>
        )}
        {children}
      </Modal.Body>
      {known && buttons !== 'none' && (
        <Modal.Footer>
          {buttons === 'save-cancel' ? (
            <>
              <Button variant="secondary" onClick={close} disabled={saving}>
                Cancel
              </Button>
              <Button variant="primary" onClick={() => void save()} disabled={saving}>
                {saving ? <Busy label="Saving…" /> : saveLabel}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
          )}
        </Modal.Footer>
      )}
    </Modal>
  );
}
