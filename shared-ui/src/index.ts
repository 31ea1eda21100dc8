// shared-ui: the React kit every app uses. It is a federation singleton, so module state here
// (the session context, the error window, the 401 handler) is one per page.
export { api } from './api/api.js';
export { bff, type Credentials, type SignInResult, type TokenExchangeResult } from './api/bff.js';
export { ApiError, isMessageError, isServerError, isValidationError } from './api/errors.js';
export { reportError, setUnauthorizedHandler, type RequestOptions } from './api/http.js';
export { useApi } from './api/use-api.js';
export { AppProviders } from './components/AppProviders.js';
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog.js';
export { Pagination, visiblePages, type PaginationProps } from './components/Pagination.js';
export { closeErrorWindow, showErrorWindow } from './feedback/error-window-store.js';
export { ErrorWindowHost } from './feedback/ErrorWindowHost.js';
export { dismissToasts, notifyError, notifySuccess, ToastHost } from './feedback/toasts.js';
export { formatDate, formatMoney } from './format.js';
export { useDebouncedValue } from './hooks/use-debounced-value.js';
export { SessionProvider, useSession, type Session, type SessionStatus } from './session/session.js';
export { SignInForm, type SignInFormProps } from './session/SignInForm.js';
export { StandalonePage } from './standalone/StandalonePage.js';
export { WidgetPreviewRoutes } from './standalone/WidgetPreviewRoutes.js';
export { SUPPORT_PHONE } from './support.js';
