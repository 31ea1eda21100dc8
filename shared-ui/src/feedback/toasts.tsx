import { ToastContainer, toast } from 'react-toastify';
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

/** The toast id is derived from the text, so the same message is never shown twice at once. */
function toastId(kind: string, message: string, title?: string) {
  return `${kind}:${title ?? ''}:${message}`;
}

export function notifySuccess(message: string, title?: string) {
  toast.success(<ToastBody title={title} message={message} />, {
    toastId: toastId('success', message, title),
  });
}

export function notifyError(message: string, title?: string) {
  toast.error(<ToastBody title={title} message={message} />, {
    toastId: toastId('error', message, title),
  });
}

/** Clears every toast, e.g. a failed attempt's error once the user has signed in. */
export function dismissToasts() {
  toast.dismiss();
}
