import { PARTNER_NOT_FOUND } from '../partners/messages.js';

/** The catalogue texts of the documents' rules (specs/2-documents.md §4–§6): one place for each text. */
export const DOCUMENT_NOT_FOUND = 'Document not found';

/** The texts of writing a document's answers (a save, a cart item, an invite, an order). */
export const SAVE_MESSAGES = {
  freeDocumentComplianceOnly:
    'Only compliance can create a document without a purchase: add it to the cart or send an invite',
  inactive: 'This document is read-only and cannot be changed',
  purchaseRequired:
    'This document has not been purchased yet: change it in the cart (Update Cart) or through its invite',
  partnerNotFound: PARTNER_NOT_FOUND,
  stateExcluded: (state: string, partner: string) =>
    `${state} is not available for documents of ${partner}: choose another state`,
  clientNotFound: 'Client not found',
  originalNotFound: 'Originating document not found',
  renewedAlready: 'This document has already been renewed',
  renewalKeepsPartner: 'A renewal keeps the strategic partner of the document it renews',
  notReadyForRenewal: 'This document is not ready for renewal',
  complianceOnly: (label: string) => `${label} can only be changed by compliance`,
  planYearLocked: 'The plan year of a purchased document can only be changed by compliance',
} as const;
