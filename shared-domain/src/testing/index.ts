export { importCases } from './cases.js';
export { fakeDateOnly } from './fake-date.js';
export { NDT_WORKED_TEST_B, NDT_WORKED_UTILIZATION_FAIL } from './ndt-cases.js';
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
