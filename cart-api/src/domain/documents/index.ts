/** The documents' rules: one place every path (route, job, seed) calls. */
export { DOCUMENTS_MESSAGES } from './messages.js';
export {
  answersToPlace,
  COMPLIANCE_FIELDS,
  keepLockedFields,
  purchasedOnce,
  type StoredAnswers,
} from './locked-fields.js';
export { renewalAnswers, renewalReminderDone, renewedAlready, renewedDocument } from './renewal.js';
