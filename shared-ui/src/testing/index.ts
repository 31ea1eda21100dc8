// shared-ui/testing: helpers for the apps' Jest tests. A separate entry, never imported by the
// runtime code, so Jest and Testing Library stay out of the federated bundles.
export { stubFetch, type RecordedCall, type StubAnswer, type StubAnswers } from './fetch-stub.js';
export { renderAt } from './render.js';
export { holdRequests, recordDownloads } from './downloads.js';
export { COLONIAL_DOCUMENT, NO_PAY_OPTIONS, PAID_DOCUMENT, PAID_ROW } from './documents.js';
export { broker, compliance, employer } from './users.js';
export { browserLocation } from '../session/browser-location.js';
export { writeBootBlock } from './boot-block.js';
