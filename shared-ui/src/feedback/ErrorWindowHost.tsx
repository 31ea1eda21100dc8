import { useSyncExternalStore } from 'react';
import { Button, Modal } from '../bootstrap.js';
import { MESSAGES } from 'shared-domain';
import { telHref, useSupportContact } from '../support.js';
import { closeErrorWindow, errorWindowStore } from './error-window-store.js';

/**
 * §8: "save the message and call the support line if the problem persists", with the line and
 * address compliance configured (read once the window opens: the sign-in page asks for nothing).
 * Without a phone there is no line to call: the sentence points to the e-mail address instead, or,
 * with neither configured, to the support team, never to a line it cannot name.
 */
function SupportLine() {
  const { phone, email } = useSupportContact();
  const mail = email && <a href={`mailto:${email}`}>{email}</a>;
  if (!phone) {
    return (
      <p className="mb-0">
        Please save this message. If the problem persists,{' '}
        {mail ? <>write to our support team at {mail}</> : 'contact our support team'}.
      </p>
    );
  }
  return (
    <p className="mb-0">
      Please save this message. If the problem persists, call our support line at{' '}
      <a href={telHref(phone)}>{phone}</a>
      {mail && <> or write to {mail}</>}.
    </p>
  );
}

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
        <SupportLine />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={closeErrorWindow}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
