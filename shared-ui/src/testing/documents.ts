// Answers of the API about documents, for the kit's and the apps' tests (never imported by the app).
import type { EpopDocument } from '../api/types.js';
import type { DocumentActionsInput } from '../documents/document-actions.js';

/** A Paid, active document's row as the actions menu takes it. */
export const PAID_ROW: DocumentActionsInput = {
  documentId: 'doc-1',
  status: 'Paid',
  isReadOnly: false,
  readyForRenewal: false,
  deactivated: false,
  showUserReceipt: false,
  orderId: 'ord-1',
};

export const NO_PAY_OPTIONS = [
  { code: 'N1', description: 'N1 - Colonial coverage cancelled: client to purchase' },
  { code: 'N2', description: 'N2 - Paid by Colonial: no charge to the client' },
];

/** A Paid document of no partner. */
export const PAID_DOCUMENT: EpopDocument = {
  documentId: 'doc-1',
  clientId: 'cl-1',
  name: 'POP Document',
  currentPlanYearStartDate: '2027-01-01',
  currentPlanYearEndDate: '2027-12-31',
  status: 'Paid',
  form: {
    clientCompanyName: 'Acme Landscaping Inc',
    accountId: '',
    accountIdSuffix: '',
    agentNumber: '',
    shortPlanYear: false,
  },
  colonial: { noPayOptions: [] },
  createdDate: '2026-11-01T10:00:00.000Z',
  strategicPartnerId: null,
  partner: null,
  brokerId: 'u-broker',
  isReadOnly: false,
  requiresPurchase: false,
  originalDocumentId: null,
  readyForRenewal: false,
  hasReceipt: true,
  orderId: 'ord-1',
  inviteActionItemId: null,
  deactivated: false,
  notes: '',
};

/** A Paid Colonial document: account fields under Colonial's labels, agent and group ids. */
export const COLONIAL_DOCUMENT: EpopDocument = {
  ...PAID_DOCUMENT,
  documentId: 'doc-col',
  form: {
    ...PAID_DOCUMENT.form,
    clientCompanyName: 'Delta Freight Services',
    accountId: 'E480111',
    accountIdSuffix: '001',
    agentNumber: 'AG7139',
    groupId: 'G-55',
  },
  colonial: { noPayOptions: NO_PAY_OPTIONS },
  strategicPartnerId: 'sp-colonial',
  partner: {
    strategicPartnerId: 'sp-colonial',
    name: 'Colonial Life',
    bypassShoppingCart: false,
    customIdentifiers: {
      'account-id': { label: 'Colonial Account Number', helpText: 'The account number on the Colonial bill' },
      'account-id-suffix': { label: 'Account Suffix', helpText: 'The three digits after it' },
    },
    excludedStates: [],
    colonial: { noPayOptions: NO_PAY_OPTIONS, defaultNoPay: 'None - Document is to be paid for' },
  },
};
