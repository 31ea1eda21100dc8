import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database, DocumentStatus } from '../../db/schema.js';
import { delegatingPolicy, isCompliance, member, type ParentLookup } from '../../policies/rules.js';
import { documentExists, documentOwnership } from './queries.js';

export const DOCUMENT_NOT_FOUND = 'Document not found';

/**
 * `document`: compliance may do everything; a broker the documents whose broker they are (they
 * own it, or they are the broker of its client company); an employer (epop) the documents of the
 * companies linked to them.
 */
export function documentPolicy(db: Kysely<Database>): Policy {
  return {
    exists: (id) => documentExists(db, id),
    async allows(caller, _action, id) {
      if (!member(caller)) return false;
      const document = await documentOwnership(db, id, caller.userId);
      if (!document) return false;
      if (isCompliance(caller)) return true;
      if (caller.roleGroup === 'broker') {
        return document.ownerUserId === caller.userId || document.clientBrokerUserId === caller.userId;
      }
      return document.linked;
    },
    notFoundMessage: DOCUMENT_NOT_FOUND,
  };
}

/**
 * `ndt-result` and `archive-item` (a document's non-discrimination results and its PDF history,
 * `epop-document/{documentId}/archive/{archiveId}`): whoever may act on the document. `documentOf`
 * finds the document a result or an archived file belongs to.
 */
export function documentRecordPolicy(documentOf: ParentLookup, document: Policy): Policy {
  return delegatingPolicy(documentOf, document);
}

/** The catalogue texts of saving a document (`POST epop-document/{userId|documentId}`). */
export const SAVE_MESSAGES = {
  freeDocumentComplianceOnly:
    'Only compliance can create a document without a purchase: add it to the cart or send an invite',
  inactive: 'This document is read-only and cannot be changed',
  purchaseRequired:
    'This document has not been purchased yet: change it in the cart (Update Cart) or through its invite',
  partnerNotFound: 'Strategic partner not found',
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

/**
 * Fields of an existing document only compliance may change (specs/2-documents.md §5 and §6: the
 * account id and agent number are read-only for others once the document exists; the originating
 * document id is for admins only).
 */
export const COMPLIANCE_FIELDS = {
  accountId: 'Account id',
  accountIdSuffix: 'Account id suffix',
  agentNumber: 'Agent number',
  groupId: 'Group id',
  originalDocumentId: 'Originating document id',
} as const;

const blankAsNull = (value: unknown) => (value === undefined || value === '' ? null : value);

/**
 * Keeps what a non-compliance caller may not change on an existing document: a field left out
 * keeps its stored value, a field sent with another value is refused. The plan year may change
 * only while the document still needs a purchase (Unpaid, §4 "Plan dates editable").
 */
export function keepLockedFields(
  stored: {
    status: DocumentStatus;
    planYearStart: string;
    planYearEnd: string;
    form: Record<string, unknown>;
  },
  incoming: Record<string, unknown>,
): { form: Record<string, unknown>; errors: string[] } {
  const form = { ...incoming };
  const errors: string[] = [];
  for (const [name, label] of Object.entries(COMPLIANCE_FIELDS)) {
    if (form[name] === undefined) {
      if (stored.form[name] !== undefined) form[name] = stored.form[name];
    } else if (blankAsNull(form[name]) !== blankAsNull(stored.form[name])) {
      errors.push(SAVE_MESSAGES.complianceOnly(label));
    }
  }
  const planYearChanged =
    form.currentPlanYearStartDate !== stored.planYearStart ||
    form.currentPlanYearEndDate !== stored.planYearEnd;
  if (stored.status !== 'Unpaid' && planYearChanged) errors.push(SAVE_MESSAGES.planYearLocked);
  return { form, errors };
}
