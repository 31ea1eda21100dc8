/** The settings screens' own texts (toasts, labels the tests read too). */
export const SETTINGS_MESSAGES = {
  messageSaved: 'System message saved',
  messageDeleted: 'System message deleted',
  appConfigSaved: 'App configuration saved',
  refreshTokenSaved: 'Token refresh setting saved',
  noMessages: 'No system messages',
  noChanges: 'No changes yet',
  confirmDelete: (location: string, message: string) => `Delete the ${location} message "${message}"?`,
} as const;

/** Where a message shows, as the screen names it. */
export const LOCATION_LABELS = { login: 'Sign-in page', home: 'Home (signed in)' } as const;
/** The message's level: the specs' styles, Bootstrap's alert variants. */
export const LEVEL_LABELS = {
  info: 'Info',
  success: 'Success',
  warning: 'Warning',
  danger: 'Danger',
} as const;
export const STATUS_LABELS = {
  shown: 'Shown now',
  scheduled: 'Scheduled',
  ended: 'Ended',
  inactive: 'Inactive',
} as const;
