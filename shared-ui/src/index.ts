// shared-ui: the React kit every app uses. It is a federation singleton, so module state here
// (the session context, the error window, the 401 handler) is one per page.
export {
  API_BASE,
  apiClient,
  apiKey,
  apiUrl,
  call,
  prefetchApi,
  queryKey,
  useApi,
  useQuery,
  useRevalidate,
  type ApiData,
  type ApiGetPath,
  type ApiParams,
  type ApiPath,
  type ApiPaths,
  type QueryKey,
  type UseApiOptions,
} from './api/client.js';
export { useAppConfig, useClient, useClientDocuments, useStrategicPartners } from './api/reads.js';
export type * from './api/types.js';
export { bootData, resetBootData, type BootData, type RemoteRegistry } from './api/boot.js';
export {
  bff,
  type Credentials,
  type SessionUser,
  type SignInResult,
  type TokenExchangeResult,
} from './api/bff.js';
export { ApiError, isMessageError, isNotFound, isServerError, isValidationError } from './api/errors.js';
export { reportError, setUnauthorizedHandler, type RequestOptions } from './api/http.js';
export { downloadFile, fileNameOf, useDownload } from './actions/download.js';
export {
  DIALOG_BUTTON_SETS,
  ModalDialog,
  UNRECOGNIZED_BUTTONS,
  type DialogButtons,
  type ModalDialogProps,
} from './actions/ModalDialog.js';
export { AppProviders } from './components/AppProviders.js';
export { cityLine, CompanyAddress, stateName } from './components/CompanyAddress.js';
export { ConfirmDialog, type ConfirmDialogProps } from './components/ConfirmDialog.js';
export {
  FileUpload,
  NO_FILE_CHOSEN,
  type FileUploadProps,
  type FileUploadStatus,
} from './components/FileUpload.js';
export { Pagination, visiblePages, type PaginationProps } from './components/Pagination.js';
export { DataTable, type Column, type DataTableProps } from './page/DataTable.js';
export { TERMS, type Term } from './page/glossary.js';
export { PageHeader, useDocumentTitle, type Crumb, type PageHeaderProps } from './page/PageHeader.js';
export {
  EmptyState,
  LoadFailed,
  LoadingState,
  NotFound,
  Unavailable,
  type NotFoundProps,
  type UnavailableProps,
} from './page/states.js';
export { ScrollableTable, type ScrollableTableProps } from './components/ScrollableTable.js';
export { closeErrorWindow, showErrorWindow } from './feedback/error-window-store.js';
export { Busy } from './feedback/Busy.js';
export { PagedList, SearchBox, usePagedSearch, type PagedListProps } from './lists/PagedList.js';
export {
  CompanyUsersPanel,
  matchesUserFilter,
  USER_FILTER_MIN_LENGTH,
  type CompanyUsersPanelProps,
} from './users/CompanyUsersPanel.js';
export { CompanyUsers, type CompanyUsersProps } from './users/CompanyUsers.js';
export { companyUsersKey, useCompanyUsers } from './users/company-users-api.js';
export { USER_SEARCH_TYPES, type UserRow, type UserSearchBy } from './users/types.js';
export { UserSearchModal, type UserSearchModalProps } from './users/UserSearchModal.js';
export { ErrorWindowHost } from './feedback/ErrorWindowHost.js';
export { dismissToasts, notifyError, notifySuccess, ToastHost } from './feedback/toasts.js';
export { formatDate, formatDateTime, formatMoney } from './format.js';
export { useDebouncedValue } from './hooks/use-debounced-value.js';
export { whenIdle } from './hooks/when-idle.js';
export {
  PREPARE_SIGNED_IN_MS,
  SessionProvider,
  useSession,
  type Session,
  type SessionProviderProps,
  type SessionStatus,
} from './session/session.js';
export { SignInForm, type SignInFormProps } from './session/SignInForm.js';
export { StandalonePage } from './standalone/StandalonePage.js';
export { WidgetPreviewRoutes } from './standalone/WidgetPreviewRoutes.js';
export { below, paths, patterns, UTILITY_SECTIONS, type Below, type UtilitySection } from './paths.js';
export { telHref, useSupportContact, type SupportContact } from './support.js';
export { NdtDefinitions } from './ndt/NdtDefinitions.js';
export {
  DOCUMENT_STATUS_VARIANTS,
  DocumentStatusBadge,
  type DocumentStatus,
} from './documents/DocumentStatusBadge.js';
export { DocumentActionsMenu, type DocumentActionsMenuProps } from './documents/DocumentActionsMenu.js';
export {
  documentActions,
  type DocumentActionsInput,
  type OfferedActions,
} from './documents/document-actions.js';
export { useRefreshDocuments } from './documents/document-actions-api.js';
