import { badRequest, notFound, type Caller } from 'service-kit';
import { productToday } from 'shared-domain';
import { blankDocumentForm } from 'shared-domain/forms';
import type { DocumentDraft } from '../../contract/epop-document.js';
import { isCompliance } from '../../policies/rules.js';
import { entitledPartnerId, type EntitlementDeps } from '../partners/entitlement.js';
import { partnerFormSettings } from '../partners/settings.js';
import { PARTNERS_MESSAGES } from '../partners/messages.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import { documentById } from './queries.js';
import { carriedEffectiveDate, renewalAnswers } from './renewal.js';
import type { DocumentDeps } from './save.js';

/**
 * `GET epop/document/new/{userId}` (specs/2-documents.md §7): the blank document the order form opens
 * at /document/new, or /document/new/{strategicPartnerId} with the partner's settings when the caller
 * is entitled to the partner (`entitledPartnerId`; anyone else gets the standard form, no error, the
 * same for an id that names no partner; compliance naming an unknown partner: 404). It needs a
 * purchase unless compliance creates it (free) or the partner bypasses the cart.
 */
export async function newDocumentDraft(
  deps: EntitlementDeps,
  caller: Caller | null,
  named: string | null,
): Promise<DocumentDraft> {
  const strategicPartnerId = await entitledPartnerId(deps, caller, named);
  const partner = await partnerFormSettings(deps.db, strategicPartnerId);
  if (strategicPartnerId && !partner) throw notFound(PARTNERS_MESSAGES.notFound);
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
 * new-document flow"): the next plan year's document, not stored yet. Its answers are the old ones
 * as `renewalAnswers` renews them (the plan year after the old one, or the one containing today when
 * the old one ended over a year ago; the original effective date carried forward; last year's
 * amendment answers blank), and it names the old one as `originalDocumentId`. It needs a purchase (the cart, an invite) unless compliance renews it
 * (/admin/renew) or its partner bypasses the cart. Only a document `readyForRenewal` (counted from
 * `now`, the service's clock); the renewal is for the caller (compliance renews on anyone's behalf).
 */
export async function renewalDraft(
  deps: DocumentDeps,
  caller: Caller,
  documentId: string,
  userId: string,
): Promise<DocumentDraft> {
  if (!isCompliance(caller) && userId !== caller.userId) throw notFound(DOCUMENTS_MESSAGES.notFound);
  const today = productToday(deps.now());
  const document = await documentById(deps.db, documentId, today);
  if (!document) throw notFound(DOCUMENTS_MESSAGES.notFound);
  if (!document.readyForRenewal) throw badRequest(DOCUMENTS_MESSAGES.save.notReadyForRenewal);
  const { answers } = renewalAnswers(
    document.form,
    { start: document.currentPlanYearStartDate, end: document.currentPlanYearEndDate },
    today,
  );
  // The plan's first effective date, walked back along the renewals when the old one does not store it
  // (renewals made before issue 22): the same date the save and auto-renew carry.
  const originalEffectiveDate =
    (await carriedEffectiveDate(deps.db, documentId)) ?? answers.originalEffectiveDate;
  return {
    documentId: null,
    form: { ...blankDocumentForm(), ...answers, originalEffectiveDate },
    clientId: document.clientId,
    strategicPartnerId: document.strategicPartnerId,
    originalDocumentId: document.documentId,
    partner: document.partner,
    requiresPurchase: !isCompliance(caller) && !(document.partner?.bypassShoppingCart ?? false),
  };
}
