export { pdfText } from './pdf-text.js';
export {
  findSecrets,
  jwtsIn,
  readableFiles,
  readableMail,
  readableRecords,
  writtenForms,
  type Finding,
  type Readable,
} from './secrets.js';
