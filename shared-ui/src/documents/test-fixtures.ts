// Answers of the API for the documents kit's tests (never imported by the app).
import type { EpopDocument } from '../api/types.js';
import type { DocumentActionsInput } from './document-actions.js';

/** A Paid, active document's row as the menu takes it. */
export const PAID_ROW: DocumentActionsInput = {
  documentId: 'doc-1',
  status: 'Paid',
  isReadOnly: false,
  readyForRenewal: false,
  deactivated: false,
  showUserReceipt: false,
  orderId: 'ord-1',
};

/** A Paid document of no partner, as GET epop-document/{documentId} answers it. */
export const PAID_DOCUMENT: EpopDocument = {
  documentId: 'doc-1',
  clientId: 'cl-1',
  name: 'POP Document',
  currentPlanYearStartDate: '2027-01-01',
  currentPlanYearEndDate: '2027-12-31',
  status: 'Paid',
  form: { clientCompanyName: 'Acme Landscaping Inc' },
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

const NO_PAY_OPTIONS = [{ code: 'N1', description: 'N1 - Colonial coverage cancelled: client to purchase' }];

/** A Paid Colonial document (its partner has the Colonial block). */
export const COLONIAL_DOCUMENT: EpopDocument = {
  ...PAID_DOCUMENT,
  documentId: 'doc-col',
  colonial: { noPayOptions: NO_PAY_OPTIONS },
  strategicPartnerId: 'sp-colonial',
  partner: {
    strategicPartnerId: 'sp-colonial',
    name: 'Colonial Life',
    bypassShoppingCart: false,
    customIdentifiers: {},
    excludedStates: [],
    colonial: { noPayOptions: NO_PAY_OPTIONS, defaultNoPay: 'None - Document is to be paid for' },
  },
};
