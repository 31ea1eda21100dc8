/** The documents' rules: one place every path (route, job, seed) calls. */
export { DOCUMENT_NOT_FOUND, SAVE_MESSAGES } from './messages.js';
export {
  answersToPlace,
  COMPLIANCE_FIELDS,
  keepLockedFields,
  purchasedOnce,
  type StoredAnswers,
} from './locked-fields.js';
