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

/** The last toast shown for each text, so the same message is never on screen twice. */
const shown = new Map<string, Id>();

/**
 * Shows the notice. The same text while its toast is on screen renews that toast (its full 5 s again,
 * one element); once it is closing or gone, a new toast shows it again. react-toastify drops a toast
 * whose id it still holds, even mid-exit, so each toast gets its own id rather than one made of its
 * text (a second 'Rule has been saved' was never shown).
 */
function notify(kind: 'success' | 'error', message: string, title?: string) {
  const key = `${kind}:${title ?? ''}:${message}`;
  const body = <ToastBody title={title} message={message} />;
  const current = shown.get(key);
  if (current !== undefined && toast.isActive(current)) {
    toast.update(current, { render: body, type: kind, autoClose: TOAST_DURATION_MS });
    return;
  }
  const id: Id = toast[kind](body, {
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
