import type { Kysely } from 'kysely';
import { forbidden, notFound, ValidationFailure, type Caller } from 'service-kit';
import { productToday } from 'shared-domain';
import type { Database } from '../../db/schema.js';
import type { DocumentBody, EpopDocument } from '../../contract/epop-document.js';
import type { PartnerFormSettings } from '../../contract/strategic-partner-settings.js';
import { isCompliance } from '../../policies/rules.js';
import { ACTION_ITEMS_MESSAGES } from '../action-items/messages.js';
import { actionItemById } from '../action-items/queries.js';
import { changedFields, logDocumentChange } from '../clients/change-log.js';
import { entitledPartnerId, type EntitlementDeps } from '../partners/entitlement.js';
import { checkedForm, partnerOf } from './form.js';
import { checkedLinks, type DocumentLinks } from './links.js';
import { checkedPlanYear, overrideObsolete } from './plan-year.js';
import { renewalEffectiveDate, renewalRefusal, renewalReminderDone, renewedAlready } from './renewal.js';
import { keepLockedFields, purchasedOnce } from './locked-fields.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import { queueRevisedDocuments } from './revised-mail.js';
import {
  documentById,
  documentExists,
  insertDocument,
  storedDocument,
  updateDocument,
  type RetroactiveOverride,
  type SavedForm,
} from './queries.js';

/** What the document operations need: the database and the service's clock (`app.now`). */
export interface DocumentDeps {
  db: Kysely<Database>;
  now: () => Date;
}

/** The saved document as the order form reads it again (the renewal window counted from today). */
async function savedDocument(deps: DocumentDeps, documentId: string): Promise<EpopDocument> {
  const saved = await documentById(deps.db, documentId, productToday(deps.now()));
  if (!saved) throw notFound(DOCUMENTS_MESSAGES.notFound);
  return saved;
}

/**
 * A new document's answers, checked, with the links it names; `form` names the document it renews;
 * `retroactive`: compliance's override of the plan-year rule, to record with it; `logNote`: what the
 * change log adds about its creation ('' for nothing: compliance set a renewal's original effective date).
 */
export interface CheckedNewDocument {
  form: SavedForm;
  links: DocumentLinks;
  retroactive: RetroactiveOverride | null;
  logNote: string;
}

/**
 * The checks every new document written from a body runs (a free document, an invite): the order
 * form's rules with its partner's (`partner`: the body's `strategicPartnerId`, see `partnerOf`), then
 * the client and the renewed document it names (`checkedLinks`: a renewal only of a document it may
 * renew today), then its plan year (`checkedPlanYear`: not before today, unless it continues the plan
 * it renews or compliance gives a reason). A renewal's original effective date is the one carried
 * forward from the stored documents (`renewalEffectiveDate`), whatever the body says, unless
 * compliance sets it.
 */
export async function checkedNewDocument(
  deps: DocumentDeps,
  caller: Caller,
  body: DocumentBody,
  partner: PartnerFormSettings | null,
): Promise<CheckedNewDocument> {
  const { strategicPartnerId = null, clientId, originalDocumentId, retroactiveReason, ...fields } = body;
  const compliance = isCompliance(caller);
  // A renewal's original effective date is the server's to carry forward: anyone but compliance's is ignored.
  const { originalEffectiveDate: _sent, ...answers } = fields;
  const form = await checkedForm(originalDocumentId && !compliance ? answers : fields, partner, {
    renewal: Boolean(originalDocumentId),
  });
  const links = await checkedLinks(
    deps.db,
    caller,
    { clientId, originalDocumentId, federalTaxId: form.federalTaxId },
    { today: productToday(deps.now()), strategicPartnerId },
  );
  let logNote = '';
  if (links.originalDocumentId) {
    const dated = await renewalEffectiveDate(deps.db, {
      originalDocumentId: links.originalDocumentId,
      compliance,
      sent: form.originalEffectiveDate,
    });
    if (dated.originalEffectiveDate) form.originalEffectiveDate = dated.originalEffectiveDate;
    if (dated.originalEffectiveDate && dated.originalEffectiveDate !== dated.carried) {
      logNote = DOCUMENTS_MESSAGES.save.renewal.effectiveDateSet(dated.originalEffectiveDate, dated.carried);
    }
  }
  const retroactive = await checkedPlanYear(deps, caller, {
    form,
    renews: links.originalDocumentId,
    clientId: links.clientId,
    reason: retroactiveReason,
  });
  return {
    form: links.originalDocumentId ? { ...form, originalDocumentId: links.originalDocumentId } : form,
    links,
    retroactive,
    logNote,
  };
}

/**
 * `POST epop-document/{userId}`: a free document for that user (specs/2-documents.md §4 save logic).
 * The cart is bypassed by compliance ('Create Free Document') or by the partner's bypass rule ('Save
 * Document') for an account entitled to the partner (`entitledPartnerId`: naming a partner's id is
 * not enough, and gets the standard answer); everyone else pays first (the cart or an invite). A
 * renewal completes the renewal action items of the document it renews. Answers the saved document.
 */
export async function createDocument(
  deps: DocumentDeps & EntitlementDeps,
  caller: Caller,
  ownerUserId: string,
  body: DocumentBody,
): Promise<EpopDocument> {
  const { db } = deps;
  const strategicPartnerId = await entitledPartnerId(deps, caller, body.strategicPartnerId, {
    clientId: body.clientId,
    originalDocumentId: body.originalDocumentId,
  });
  const compliance = isCompliance(caller);
  if (!compliance && !strategicPartnerId) throw forbidden(DOCUMENTS_MESSAGES.save.freeDocumentComplianceOnly);
  const partner = await partnerOf(db, strategicPartnerId);
  if (!compliance && !partner?.bypassShoppingCart) {
    throw forbidden(DOCUMENTS_MESSAGES.save.freeDocumentComplianceOnly);
  }
  const { form, links, retroactive, logNote } = await checkedNewDocument(
    deps,
    caller,
    { ...body, strategicPartnerId },
    partner,
  );
  let documentId: string;
  try {
    documentId = await db.transaction().execute(async (trx) => {
      const id = await insertDocument(trx, {
        // Compliance renews a document on its owner's behalf: the renewal is theirs too.
        ownerUserId: compliance ? (links.originalOwnerUserId ?? ownerUserId) : ownerUserId,
        createdBy: caller.userId,
        form,
        clientId: links.clientId,
        originalDocumentId: links.originalDocumentId,
        strategicPartnerId,
        brokerUserId: caller.roleGroup === 'broker' ? caller.userId : null,
        memberUserId: caller.roleGroup === 'epop' ? caller.userId : null,
        kind: 'free',
        retroactive,
      });
      await logDocumentChange(trx, {
        documentId: id,
        caller,
        describe: (document) =>
          (links.originalDocumentId
            ? `${document} created without a purchase, renewing the previous plan year's document`
            : `${document} created without a purchase`) +
          (retroactive ? DOCUMENTS_MESSAGES.save.retroactiveLogged(retroactive.reason) : '') +
          logNote,
      });
      // A renewal done is the renewal action item's purpose fulfilled.
      if (links.originalDocumentId) {
        await renewalReminderDone(trx, links.originalDocumentId, deps.now());
      }
      return id;
    });
  } catch (error) {
    // Two renewals of one document at once: the unique index lets one in.
    if (links.originalDocumentId && (await renewedAlready(db, links.originalDocumentId))) {
      throw new ValidationFailure([DOCUMENTS_MESSAGES.save.renewedAlready]);
    }
    throw error;
  }
  return savedDocument(deps, documentId);
}

/**
 * `POST epop-document/{documentId}`: saves a document's changes (specs/2-documents.md §4 save logic).
 * The body is a patch; what a purchase locked keeps its stored value (`keepLockedFields`, compliance
 * excepted); only compliance moves a document to another partner. One transaction with the client's
 * change log (a save that changed nothing leaves no row). `viaInvite`: its assigned broker's 'Update
 * invite' (§4 save logic 2), which may change a document that still needs a purchase. Answers the saved
 * document.
 */
export async function saveDocument(
  deps: DocumentDeps,
  caller: Caller,
  documentId: string,
  body: DocumentBody,
  { viaInvite = false }: { viaInvite?: boolean } = {},
): Promise<EpopDocument> {
  const { db } = deps;
  const stored = await storedDocument(db, documentId);
  if (!stored) throw notFound(DOCUMENTS_MESSAGES.notFound);
  if (stored.readOnly) throw new ValidationFailure([DOCUMENTS_MESSAGES.save.inactive]);
  const compliance = isCompliance(caller);
  // §4 save logic: a document that still needs a purchase changes through the cart or its invite.
  if (!compliance && !viaInvite && stored.status === 'Unpaid')
    throw new ValidationFailure([DOCUMENTS_MESSAGES.save.purchaseRequired]);
  const { strategicPartnerId, clientId: _clientId, originalDocumentId, retroactiveReason, ...fields } = body;
  // Only compliance moves a document to another partner (the admin page's partner settings).
  const partnerId =
    compliance && strategicPartnerId !== undefined ? strategicPartnerId : stored.strategicPartnerId;
  if (!compliance && strategicPartnerId !== undefined && strategicPartnerId !== stored.strategicPartnerId) {
    throw new ValidationFailure([
      DOCUMENTS_MESSAGES.save.complianceOnly(DOCUMENTS_MESSAGES.save.fieldLabels.strategicPartnerId),
    ]);
  }
  const partner = await partnerOf(db, partnerId);
  // Only compliance changes the originating document (keepLockedFields refuses anyone else's change,
  // whatever the id names), so only compliance is told an id names no document.
  if (compliance && originalDocumentId && !(await documentExists(db, originalDocumentId))) {
    throw new ValidationFailure([DOCUMENTS_MESSAGES.save.originalNotFound]);
  }
  // A document not bought yet (an invitation) that compliance makes a renewal must be able to renew it
  // (renewal.ts `renewalRefusal`); a bought document's link is a record only (its dates are not checked).
  if (
    compliance &&
    originalDocumentId &&
    originalDocumentId !== stored.originalDocumentId &&
    !purchasedOnce(stored)
  ) {
    const refusal = await renewalRefusal(db, originalDocumentId, productToday(deps.now()), { documentId });
    if (refusal) throw new ValidationFailure([refusal.message]);
  }
  // The body is a patch: a field left out keeps its stored value.
  const merged: Record<string, unknown> = {
    ...stored.form,
    currentPlanYearStartDate: stored.planYearStart,
    currentPlanYearEndDate: stored.planYearEnd,
    ...fields,
  };
  const withOriginal: Record<string, unknown> =
    originalDocumentId === undefined ? merged : { ...merged, originalDocumentId: originalDocumentId ?? '' };
  const locked = compliance ? { form: withOriginal, errors: [] } : keepLockedFields(stored, withOriginal);
  const original = locked.form.originalDocumentId;
  const renews = typeof original === 'string' && original !== '' ? original : null;
  // A renewal's original effective date is the one it has (else the one carried forward): only
  // compliance changes it, anyone else's is ignored.
  if (renews && !compliance) {
    delete locked.form.originalEffectiveDate;
    if (stored.form.originalEffectiveDate !== undefined) {
      locked.form.originalEffectiveDate = stored.form.originalEffectiveDate;
    }
  }
  // The form's own rules first: their messages say what to fix; then what may not change.
  const form = await checkedForm(locked.form, partner, { renewal: renews !== null });
  if (locked.errors.length > 0) throw new ValidationFailure(locked.errors);
  if (renews) {
    const dated = await renewalEffectiveDate(db, {
      originalDocumentId: renews,
      compliance,
      sent: form.originalEffectiveDate,
      stored: stored.form.originalEffectiveDate,
    });
    if (dated.originalEffectiveDate) form.originalEffectiveDate = dated.originalEffectiveDate;
  }
  // An invitation's document is new until it is bought: its plan year may not start before today.
  const write = { form, renews, stored, storedId: documentId };
  const retroactive = await checkedPlanYear(deps, caller, { ...write, reason: retroactiveReason });
  // Compliance's stored reason goes once the dates no longer need it (with who gave it and when).
  const clearOverride = !retroactive && (await overrideObsolete(deps, write));
  const saved = renews ? { ...form, originalDocumentId: renews } : form;
  // What the PDFs are made of (the answers and the plan year), as the change log names them.
  const answersChanged = changedFields(
    {
      ...stored.form,
      currentPlanYearStartDate: stored.planYearStart,
      currentPlanYearEndDate: stored.planYearEnd,
    },
    saved,
  );
  const changed = [
    ...answersChanged,
    ...(partnerId !== stored.strategicPartnerId ? ['strategic partner'] : []),
  ];
  const overrideNote = retroactive
    ? DOCUMENTS_MESSAGES.save.retroactiveLogged(retroactive.reason)
    : clearOverride
      ? DOCUMENTS_MESSAGES.save.retroactiveCleared
      : '';
  await db.transaction().execute(async (trx) => {
    await updateDocument(trx, documentId, {
      form: saved,
      strategicPartnerId: partnerId,
      originalDocumentId: renews,
      retroactive,
    });
    if (clearOverride) {
      await trx
        .updateTable('epop_document')
        .set({ retroactive_reason: null, retroactive_reason_by: null, retroactive_reason_at: null })
        .where('document_id', '=', documentId)
        .execute();
    }
    // A Paid document's revised PDFs are e-mailed once its edits stop (revised-mail.ts).
    if (stored.status === 'Paid' && answersChanged.length > 0) {
      await queueRevisedDocuments(trx, documentId, caller.userId, deps.now());
    }
    // The client's change log: what this save changed (a save that changed nothing leaves no row).
    if (changed.length > 0 || retroactive || clearOverride) {
      await logDocumentChange(trx, {
        documentId,
        caller,
        describe: (document) =>
          (changed.length > 0 ? `${document} saved: ${changed.join(', ')} changed` : `${document} saved`) +
          overrideNote,
      });
    }
  });
  return savedDocument(deps, documentId);
}

/**
 * `POST epop-document/action-item/{actionItemId}` ('Update invite'): the invite's assigned broker (or
 * compliance) saves the invited document, as `saveDocument` with `viaInvite`. Only an open invite is
 * updated, and only by compliance or its assigned broker (not its invitee): anything else answers 404.
 */
export async function saveInvitedDocument(
  deps: DocumentDeps,
  caller: Caller,
  actionItemId: string,
  body: DocumentBody,
): Promise<EpopDocument> {
  const item = await actionItemById(deps.db, actionItemId);
  const assigned = isCompliance(caller) || item?.data.Document.BrokerId === caller.userId;
  if (!item || item.itemType !== 'pop-document-invite' || item.completed || !assigned) {
    throw notFound(ACTION_ITEMS_MESSAGES.notFound);
  }
  if (!item.data.DocumentId) throw notFound(ACTION_ITEMS_MESSAGES.notFound);
  return saveDocument(deps, caller, item.data.DocumentId, body, { viaInvite: true });
}
