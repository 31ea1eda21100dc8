/**
 * The settings' catalogue (README "Where a rule lives"; issue 23 item 3): the refusals of Utilities'
 * system messages, app configuration and refresh-token setting, and the change log's sentences.
 */
const bound = (label: string) =>
  `${label} must be a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM, New York time)`;

export const SYSTEM_MESSAGES_MESSAGES = {
  notFound: 'System message not found',
  messageRequired: 'Message is required',
  invalidFrom: bound('From'),
  invalidTo: bound('To'),
  toBeforeFrom: 'To must not be before From',
  definitionRequired: (label: string) => `The ${label} is required`,
  unknownPlaceholder: (label: string, name: string) =>
    `The ${label} names {${name}}, which is not a placeholder: use {hcePayLimit}, {hcePayYear}, {officerLimit} or {officerYear}`,
  invalidLink: (label: string) =>
    `The ${label} link must be an app path (starting with /) or an https:// address`,
  invalidVideoId: (name: string) =>
    `The video "${name}" needs a YouTube video id: 11 letters, digits, - or _`,
  invalidPhone: 'The support phone must be a phone number as (###) ###-####',
  invalidEmail: 'The support e-mail must be an e-mail address',
  /** The change log's sentences. */
  messageCreated: (location: string, text: string) => `Created the ${location} message "${text}"`,
  messageChanged: (location: string, text: string) => `Changed the ${location} message "${text}"`,
  messageDeleted: (location: string, text: string) => `Deleted the ${location} message "${text}"`,
  appConfigChanged: (fields: string[]) => `Changed the app configuration: ${fields.join(', ')}`,
  refreshTokens: (enabled: boolean) =>
    enabled ? 'Turned the refresh of access tokens on' : 'Turned the refresh of access tokens off',
} as const;
