import type { Kysely } from 'kysely';
import { badRequest, notFound, type Caller } from 'service-kit';
import { productToday } from 'shared-domain';
import { blankDocumentForm, nextPlanYear } from 'shared-domain/forms';
import type { Database } from '../../db/schema.js';
import type { DocumentDraft } from '../../contract/epop-document.js';
import { isCompliance } from '../../policies/rules.js';
import { partnerFormSettings } from '../partners/settings.js';
import { DOCUMENT_NOT_FOUND, SAVE_MESSAGES } from './messages.js';
import { documentById } from './queries.js';
import type { DocumentDeps } from './save.js';

/**
 * `GET epop/document/new/{userId}` (specs/2-documents.md §7): the blank document the order form opens
 * at /document/new, or /document/new/{strategicPartnerId} with the partner's settings (404 for an
 * unknown partner). It needs a purchase unless compliance creates it (free) or the partner bypasses
 * the cart.
 */
export async function newDocumentDraft(
  db: Kysely<Database>,
  caller: Caller | null,
  strategicPartnerId: string | null,
): Promise<DocumentDraft> {
  const partner = await partnerFormSettings(db, strategicPartnerId);
  if (strategicPartnerId && !partner) throw notFound(SAVE_MESSAGES.partnerNotFound);
  return {
    documentId: null,
    form: blankDocumentForm(),
    clientId: null,
    strategicPartnerId,
    originalDocumentId: null,
    partner,
    requiresPurchase: !isCompliance(caller) && !(partner?.bypassShoppingCart ?? false),
  };
}

/**
 * `GET epop-document/{documentId}/renew/{userId}` (specs/2-documents.md §4 "Renewal reuses the
 * new-document flow"): the next plan year's document, not stored yet. Its answers are the old ones,
 * its plan year starts the day after the old one ends and runs twelve months, and it names the old one
 * as `originalDocumentId`. It needs a purchase (the cart, an invite) unless compliance renews it
 * (/admin/renew) or its partner bypasses the cart. Only a document `readyForRenewal` (counted from
 * `now`, the service's clock); the renewal is for the caller (compliance renews on anyone's behalf).
 */
export async function renewalDraft(
  deps: DocumentDeps,
  caller: Caller,
  documentId: string,
  userId: string,
): Promise<DocumentDraft> {
  if (!isCompliance(caller) && userId !== caller.userId) throw notFound(DOCUMENT_NOT_FOUND);
  const document = await documentById(deps.db, documentId, productToday(deps.now()));
  if (!document) throw notFound(DOCUMENT_NOT_FOUND);
  if (!document.readyForRenewal) throw badRequest(SAVE_MESSAGES.notReadyForRenewal);
  const planYear = nextPlanYear(document.currentPlanYearEndDate);
  const { originalDocumentId: _previous, ...answers } = document.form;
  return {
    documentId: null,
    form: {
      ...blankDocumentForm(),
      ...answers,
      currentPlanYearStartDate: planYear.start,
      currentPlanYearEndDate: planYear.end,
      shortPlanYear: false,
    },
    clientId: document.clientId,
    strategicPartnerId: document.strategicPartnerId,
    originalDocumentId: document.documentId,
    partner: document.partner,
    requiresPurchase: !isCompliance(caller) && !(document.partner?.bypassShoppingCart ?? false),
  };
}
