import { useSyncExternalStore } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { MESSAGES } from 'shared-domain';
import { SUPPORT_PHONE } from '../support.js';
import { closeErrorWindow, errorWindowStore } from './error-window-store.js';

/** The error window of the catalogue (§8): opened by the api client on a 500 with an object body. */
export function ErrorWindowHost() {
  const error = useSyncExternalStore(errorWindowStore.subscribe, errorWindowStore.get, errorWindowStore.get);
  return (
    <Modal show={error !== null} onHide={closeErrorWindow} centered aria-labelledby="error-window-title">
      <Modal.Header closeButton>
        <Modal.Title id="error-window-title">{MESSAGES.errorWindowTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fw-semibold" data-testid="error-window-text">
          {error?.errorText}
        </p>
        {error?.stackTrace && (
          <pre
            className="bg-light border p-2 small"
            style={{ maxHeight: '16rem', overflow: 'auto' }}
            aria-label="Stack trace"
            tabIndex={0}
          >
            {error.stackTrace}
          </pre>
        )}
        <p className="mb-0">
          Please save this message. If the problem persists, call our support line at{' '}
          <a href={`tel:${SUPPORT_PHONE}`}>{SUPPORT_PHONE}</a>.
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={closeErrorWindow}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
