import { ToastContainer, toast, type Id } from 'react-toastify';
import { TOAST_DURATION_MS } from 'shared-domain';

/** Toast settings of the specs (§8): 5 seconds, bottom centre, close button. */
export function ToastHost() {
  return (
    <ToastContainer
      autoClose={TOAST_DURATION_MS}
      position="bottom-center"
      closeButton
      newestOnTop
      theme="colored"
    />
  );
}

function ToastBody({ title, message }: { title?: string; message: string }) {
  return (
    <div>
      {title && <strong className="d-block">{title}</strong>}
      {/* Validation errors arrive joined by line breaks. */}
      <div className="toast-message" style={{ whiteSpace: 'pre-line' }}>
        {message}
      </div>
    </div>
  );
}

/** The toast on screen for each text, so the same message is never shown twice at once. */
const shown = new Map<string, Id>();

/**
 * Shows the notice, replacing the same text's toast if one is still on screen or closing: a repeated
 * action ('Rule has been saved' twice) gets a fresh toast with its full 5 s. react-toastify drops a toast
 * whose id is still known, active or mid-exit, so the text is not the id: each toast gets its own.
 */
function notify(kind: 'success' | 'error', message: string, title?: string) {
  const key = `${kind}:${title ?? ''}:${message}`;
  const previous = shown.get(key);
  if (previous !== undefined) toast.dismiss(previous);
  const id: Id = toast[kind](<ToastBody title={title} message={message} />, {
    onClose: () => {
      if (shown.get(key) === id) shown.delete(key);
    },
  });
  shown.set(key, id);
}

export function notifySuccess(message: string, title?: string) {
  notify('success', message, title);
}

export function notifyError(message: string, title?: string) {
  notify('error', message, title);
}

/** Clears every toast, e.g. a failed attempt's error once the user has signed in. */
export function dismissToasts() {
  toast.dismiss();
  shown.clear();
}
