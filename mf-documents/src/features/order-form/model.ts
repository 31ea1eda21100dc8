import { blankDocumentForm, RENEWAL_CLEARED_ANSWERS, type PlanYear } from 'shared-domain/forms';
import type { CartDocument, DocumentDraft, EpopDocument, PartnerFormSettings, SessionUser } from 'shared-ui';

/** The order form's values: the document's fields (shared-domain's `documentSchema`). */
export type FormValues = Record<string, unknown>;

/** The action item a document was opened from (specs/2-documents.md §3 "Action item"). */
export interface OpenedActionItem {
  actionItemId: string;
  itemType: string;
  /** The broker assigned to the invite (data.Document.BrokerId): only they may update it. */
  brokerId: string | null;
  /**
   * `item`: opened from the action item (its invitee, its assigned broker); `document`: an Unpaid
   * document opened by its id that has an open invite (its assigned broker updates it there).
   */
  openedFrom: 'item' | 'document';
}

/**
 * A document as the order form works with it, whichever way it was opened (§4 load precedence:
 * new, cart item, action item, renewal, document id).
 */
export interface LoadedDocument {
  documentId: string | null;
  form: FormValues;
  clientId: string | null;
  strategicPartnerId: string | null;
  originalDocumentId: string | null;
  partner: PartnerFormSettings | null;
  requiresPurchase: boolean;
  isReadOnly: boolean;
  cartItemId: string | null;
  actionItem: OpenedActionItem | null;
  /** The attribute values chosen (a cart item's); null: the product's defaults for this user. */
  selectedAttributes: string[] | null;
  /**
   * Compliance's recorded reason for a plan year or amendment that starts before the day the document
   * was ordered (the API answers it to compliance alone); null when there is none.
   */
  retroactive: { reason: string; by: string; at: string } | null;
}

/** A stored form over the blank one: a save drops the fields its answers hide, the form shows them empty. */
export const withBlank = (form: FormValues): FormValues => formValues({ ...blankDocumentForm(), ...form });

export function fromDraft(draft: Omit<DocumentDraft, 'documentId'>): LoadedDocument {
  // A renewal opens with last year's amendment answers blank (../shared/domain/plan-documents.md): the
  // customer answers them afresh (the server's renewal clears them too; its original effective date stays).
  const form = draft.originalDocumentId ? { ...draft.form, ...RENEWAL_CLEARED_ANSWERS } : draft.form;
  return {
    documentId: null,
    form: withBlank(form),
    clientId: draft.clientId,
    strategicPartnerId: draft.strategicPartnerId,
    originalDocumentId: draft.originalDocumentId,
    partner: draft.partner,
    requiresPurchase: draft.requiresPurchase,
    isReadOnly: false,
    cartItemId: null,
    actionItem: null,
    selectedAttributes: null,
    retroactive: null,
  };
}

export function fromDocument(
  document: EpopDocument,
  openedItem: OpenedActionItem | null = null,
): LoadedDocument {
  const actionItem: OpenedActionItem | null =
    openedItem ??
    (document.inviteActionItemId
      ? {
          actionItemId: document.inviteActionItemId,
          itemType: 'pop-document-invite',
          brokerId: document.brokerId,
          openedFrom: 'document',
        }
      : null);
  const { originalDocumentId: _original, ...form } = document.form;
  return {
    documentId: document.documentId,
    form: withBlank({
      ...form,
      currentPlanYearStartDate: document.currentPlanYearStartDate,
      currentPlanYearEndDate: document.currentPlanYearEndDate,
    }),
    clientId: document.clientId,
    strategicPartnerId: document.strategicPartnerId,
    originalDocumentId: document.originalDocumentId,
    partner: document.partner,
    requiresPurchase: document.requiresPurchase,
    isReadOnly: document.isReadOnly,
    cartItemId: null,
    actionItem,
    selectedAttributes: null,
    retroactive: document.retroactiveReason ?? null,
  };
}

export function fromCartItem(item: CartDocument): LoadedDocument {
  const { strategicPartnerId: _partnerId, clientId, originalDocumentId, ...form } = item.form;
  return {
    documentId: null,
    form: withBlank(form),
    clientId: typeof clientId === 'string' ? clientId : null,
    strategicPartnerId: item.strategicPartnerId,
    originalDocumentId: typeof originalDocumentId === 'string' ? originalDocumentId : null,
    partner: item.partner,
    requiresPurchase: true,
    isReadOnly: false,
    cartItemId: item.cartItemId,
    actionItem: item.actionItemId
      ? { actionItemId: item.actionItemId, itemType: '', brokerId: null, openedFrom: 'item' }
      : null,
    selectedAttributes: item.selectedAttributes,
    retroactive: null,
  };
}

export const isCompliance = (user: SessionUser) => user.roleGroup === 'compliance';

/** A renewal: it continues the plan of the document it names (its original effective date kept). */
export const isRenewal = (document: LoadedDocument) => document.originalDocumentId !== null;

/**
 * The no-retroactive-adoption rule as the form runs it (shared-domain's `planYearProblems`): on a new
 * document (a blank one, a renewal, a new document in the cart), with the plan year a renewal was offered
 * (its start may have passed). Null on a stored document or one opened from an action item: whether its
 * dates are checked depends on its history, which the server alone knows (its 400 shows on the field).
 */
export function planYearRuleOf(document: LoadedDocument): { renewal: PlanYear | null } | null {
  if (document.documentId !== null || document.actionItem !== null) return null;
  if (!isRenewal(document)) return { renewal: null };
  const { currentPlanYearStartDate: start, currentPlanYearEndDate: end } = document.form;
  return typeof start === 'string' && typeof end === 'string' && start !== ''
    ? { renewal: { start, end } }
    : null;
}

/** §4: the cart is bypassed by the document's partner flag, or by an admin. */
export const bypassesCart = (user: SessionUser, document: LoadedDocument) =>
  isCompliance(user) || (document.partner?.bypassShoppingCart ?? false);

/**
 * §4 "Plan dates editable": admins, or while a purchase is required: a new document (a bypass
 * partner's too, saved without the cart), an invite, an unpaid one.
 */
export const planDatesEditable = (user: SessionUser, document: LoadedDocument) =>
  isCompliance(user) || document.documentId === null || document.requiresPurchase;

/**
 * A renewal's original effective date is the plan's, carried forward from the documents it continues:
 * the server derives it and ignores anyone's but compliance's, so the form shows it read-only to others.
 */
export const originalEffectiveDateEditable = (user: SessionUser, document: LoadedDocument) =>
  isCompliance(user) || !isRenewal(document);

/** §5: account id (and suffix) are read-only once the document exists, for non-admins. */
export const accountIdEditable = (user: SessionUser, document: LoadedDocument) =>
  isCompliance(user) || document.documentId === null;

export type PaymentButton =
  'add-to-cart' | 'update-cart' | 'send-invite' | 'update-invite' | 'update' | 'back-to-main';

/** The final step's block by situation (specs/2-documents.md §2 "Final-step block", §4). */
export type FinalBlock =
  | { kind: 'admin-new' }
  | { kind: 'admin-existing'; readOnly: boolean }
  | { kind: 'bypass' }
  | { kind: 'payment'; buttons: PaymentButton[]; showAttributes: boolean };

export function finalBlock(user: SessionUser, document: LoadedDocument): FinalBlock {
  const isNew = document.documentId === null;
  if (isCompliance(user)) {
    return isNew && !document.cartItemId
      ? { kind: 'admin-new' }
      : { kind: 'admin-existing', readOnly: document.isReadOnly };
  }
  if (isNew && !document.cartItemId && bypassesCart(user, document)) return { kind: 'bypass' };
  const invite = document.actionItem?.itemType === 'pop-document-invite';
  // §4: only the invite's assigned broker updates it; a broker without an action item is unassigned.
  const assignedBroker = invite && document.actionItem?.brokerId === user.userId;
  const buttons: PaymentButton[] = [];
  if (document.isReadOnly) buttons.push('back-to-main');
  else if (assignedBroker) buttons.push('update-invite');
  // Someone else's invitation seen by its document (an inviting employer): it is the invitee's to buy.
  else if (invite && document.actionItem?.openedFrom === 'document') buttons.push('back-to-main');
  else if (document.requiresPurchase) {
    buttons.push(document.cartItemId ? 'update-cart' : 'add-to-cart');
    if (!document.actionItem && !document.cartItemId) buttons.push('send-invite');
  } else buttons.push('update');
  return { kind: 'payment', buttons, showAttributes: isNew };
}

/** Counts the form leaves empty ('' from a cleared number input) are "not given" (null) to the rules. */
const COUNTS = ['totalNumAtStartPlanYear', 'totalNumBenefitEligible', 'noticeTimeFrame'];

/**
 * The values as the rules read them: a cleared count is null, and the seasonal weeks (a select,
 * whose options are text) are the number the API stores.
 */
export function normalized(values: FormValues): FormValues {
  const next = { ...values };
  for (const name of COUNTS) if (next[name] === '') next[name] = null;
  if (next.seasonalWorksLessThanWeeks === '') next.seasonalWorksLessThanWeeks = null;
  return next;
}

/** The values as the form's controls hold them: the seasonal weeks select holds text. */
export function formValues(form: FormValues): FormValues {
  const weeks = form.seasonalWorksLessThanWeeks;
  return { ...form, seasonalWorksLessThanWeeks: typeof weeks === 'number' ? String(weeks) : (weeks ?? '') };
}
