import { MESSAGES } from 'shared-domain';

/** The gateway's own answers (`{message}` bodies); the specs' catalogue texts come from shared-domain. */
export const GATEWAY_MESSAGES = {
  notSignedIn: 'You are not logged in',
  sessionExpired: 'Your session has expired. Please log in again',
  csrfMissing: 'The X-CSRF header is required',
  foreignOrigin: 'Cross-origin requests are not allowed',
  jsonRequired: 'The request body must be application/json',
  invalidPath: 'Invalid path',
  gsuite: 'This account signs in with its organization’s identity provider',
  /** Identity or an API did not answer: the UI's "no response" text. */
  unreachable: MESSAGES.connectionError,
  notFound: 'Not found',
  bodyTooLarge: 'The request body is too large',
  /** An upload route's body past UPLOAD_BODY_LIMIT (the Colonial return file). */
  uploadTooLarge: (megabytes: number) => `The file is too large: upload a file of at most ${megabytes} MB`,
  badRequest: 'Bad request',
} as const;
