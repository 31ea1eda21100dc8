import { formatIsoDate } from 'shared-domain';

/**
 * The documents' catalogue (README "Where a rule lives"): every text the documents' operations answer
 * with (specs/2-documents.md §4–§9), one place for each. A partner or a client not found is the
 * partners' and the clients' text (their catalogues); the sending toast is shared-domain's MESSAGES.
 */
export const DOCUMENTS_MESSAGES = {
  notFound: 'Document not found',
  /** Writing a document's answers (a save, a cart item, an invite, an order). */
  save: {
    freeDocumentComplianceOnly:
      'Only compliance can create a document without a purchase: add it to the cart or send an invite',
    inactive: 'This document is read-only and cannot be changed',
    purchaseRequired:
      'This document has not been purchased yet: change it in the cart (Update Cart) or through its invite',
    stateExcluded: (state: string, partner: string) =>
      `${state} is not available for documents of ${partner}: choose another state`,
    originalNotFound: 'Originating document not found',
    renewedAlready: 'This document has already been renewed',
    renewalKeepsPartner: 'A renewal keeps the strategic partner of the document it renews',
    notReadyForRenewal: 'This document is not ready for renewal',
    /**
     * A new document that names, as the document it renews (`originalDocumentId`), one it may not renew
     * (renewal.ts `renewalRefusal`): each names the field, and ends a sentence (the purchase's refusal
     * adds what to do after it).
     */
    renewal: {
      notPurchased:
        'Originating document id names a document that is not purchased and active: only a Paid document can be renewed.',
      notReady: (windowDays: number) =>
        `Originating document id names a document that is not ready for renewal: a plan year is renewed from ${windowDays} days before it ends.`,
      otherClient:
        'Originating document id names a document of another client: a renewal continues the plan of the same client.',
      /** The change log: compliance set a new renewal's original effective date other than the one carried forward. */
      effectiveDateSet: (set: string, carried: string | null) =>
        `; its original effective date set by compliance to ${formatIsoDate(set)}` +
        (carried ? ` (carried forward: ${formatIsoDate(carried)})` : ''),
    },
    complianceOnly: (label: string) => `${label} can only be changed by compliance`,
    /** The fields only compliance changes, as complianceOnly names them. */
    fieldLabels: {
      accountId: 'Account id',
      accountIdSuffix: 'Account id suffix',
      agentNumber: 'Agent number',
      groupId: 'Group id',
      originalDocumentId: 'Originating document id',
      strategicPartnerId: 'Strategic partner',
    },
    planYearLocked: 'The plan year of a purchased document can only be changed by compliance',
    /**
     * A plan year (or an amendment) that starts before today: the refusals themselves name the date and
     * offer a later one (shared-domain's PLAN_YEAR_MESSAGES, which the order form shows too).
     */
    retroactiveReasonComplianceOnly:
      'Only compliance can record a reason for a plan year or amendment that starts before today',
    retroactiveReasonNotInCart:
      'A reason for a plan year or amendment that starts before today is recorded by compliance on a free document or an invitation, not on a cart item',
    /** The client's change log: compliance's override, recorded with the document. */
    retroactiveLogged: (reason: string) =>
      `; its plan year or amendment starts before the day it was ordered, allowed by compliance: ${reason}`,
    /** The client's change log: a save moved the dates so that compliance's reason is no longer needed. */
    retroactiveCleared:
      "; compliance's reason for a plan year or amendment starting before the day it was ordered removed: the dates no longer need it",
  },
  /** The non-discrimination test (specs/2-documents.md §9). */
  ndt: {
    readOnly: 'This document is read-only and cannot be tested',
    purchaseFirst: 'This document must be purchased before it can be tested',
    planYearEnded: 'The plan year of this document has ended: testing is for a current plan year',
    resultNotFound: 'Test result not found',
  },
  /** Send to Self and Send to All (specs/2-documents.md §2, §7). */
  send: {
    purchaseFirst: 'This document must be purchased before it can be sent',
    noRecipients: 'This document has no e-mail address to send to',
  },
  /**
   * The e-mail of a Paid document's revised PDFs, sent a quiet period after its last edit
   * (revised-mail.ts; the fee text's "Revised or duplicate documents emailed within 24 hours").
   */
  revisedMail: {
    subject: (company: string) => `Your revised POP documents: ${company}`,
    paragraphs: (company: string) => [
      'Hello,',
      `The Section 125 Premium Only Plan documents of ${company} have been revised. Attached are the revised Plan Document, Summary Plan Description and Resolution.`,
      'They replace the earlier ones: please print, sign and keep them with your plan records.',
    ],
  },
  /** Deactivate and reactivate (specs/2-documents.md §4 "Deactivation"). */
  lifecycle: {
    reasonRequired: 'A reason is required to deactivate a document',
    onlyPaid: 'Only a paid document can be deactivated',
    colonialRepayment:
      'Repayment cannot be allowed for a Colonial document: remove it from Colonial with a no-pay reason instead',
    sendToInvalid: 'Send to must be an e-mail address',
    notDeactivated: 'This document has not been deactivated',
    renewedMeanwhile: 'This document has been renewed since it was deactivated: it cannot be reactivated',
    deactivated: 'Document has been deactivated',
    reactivated: 'Document has been reactivated',
  },
  /** The download page and the PDF generation history (specs/2-documents.md §7). */
  download: {
    purchaseFirst: 'This document must be purchased before it can be downloaded',
    archiveNotFound: 'Archived file not found',
    noSuchSection: 'No such document: plan-doc, plan-description or resolution',
  },
} as const;
