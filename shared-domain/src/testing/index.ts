export { fakeDateOnly } from './fake-date.js';
export { pdfText } from './pdf-text.js';
export {
  findSecrets,
  jwtsIn,
  readableFiles,
  readableMail,
  readableRecords,
  type Finding,
  type Readable,
} from './secrets.js';
