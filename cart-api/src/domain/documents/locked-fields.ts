import type { DocumentStatus } from '../../db/schema.js';
import { DOCUMENTS_MESSAGES } from './messages.js';

/**
 * Fields of an existing document only compliance may change (specs/2-documents.md §5 and §6: the
 * account id and agent number are read-only for others once the document exists; the originating
 * document id is for admins only).
 */
export const COMPLIANCE_FIELDS = {
  accountId: DOCUMENTS_MESSAGES.save.fieldLabels.accountId,
  accountIdSuffix: DOCUMENTS_MESSAGES.save.fieldLabels.accountIdSuffix,
  agentNumber: DOCUMENTS_MESSAGES.save.fieldLabels.agentNumber,
  groupId: DOCUMENTS_MESSAGES.save.fieldLabels.groupId,
  originalDocumentId: DOCUMENTS_MESSAGES.save.fieldLabels.originalDocumentId,
} as const;

/** What the locked-field rules read of a stored document. */
export interface StoredAnswers {
  status: DocumentStatus;
  /** The status a deactivated document had (it was Paid: a repayment, a Colonial cancellation). */
  statusBeforeInactive: DocumentStatus | null;
  planYearStart: string;
  planYearEnd: string;
  form: Record<string, unknown>;
}

/**
 * Whether the document has been purchased: Paid now, or before compliance deactivated it (buying it
 * again reactivates the plan year that was bought). An invitation or an auto-renew invoice has not.
 */
export const purchasedOnce = (stored: Pick<StoredAnswers, 'status' | 'statusBeforeInactive'>) =>
  stored.status !== 'Unpaid' || stored.statusBeforeInactive !== null;

const blankAsNull = (value: unknown) => (value === undefined || value === '' ? null : value);

/**
 * Keeps what a non-compliance caller may not change on an existing document, on every write of its
 * answers (a save, an invite's update, a cart item that pays for it): a field left out keeps its stored
 * value, a field sent with another value is refused. The plan year may change only until the document
 * has been purchased (§4 "Plan dates editable").
 */
export function keepLockedFields(
  stored: StoredAnswers,
  incoming: Record<string, unknown>,
): { form: Record<string, unknown>; errors: string[] } {
  const form = { ...incoming };
  const errors: string[] = [];
  for (const [name, label] of Object.entries(COMPLIANCE_FIELDS)) {
    if (form[name] === undefined) {
      if (stored.form[name] !== undefined) form[name] = stored.form[name];
    } else if (blankAsNull(form[name]) !== blankAsNull(stored.form[name])) {
      errors.push(DOCUMENTS_MESSAGES.save.complianceOnly(label));
    }
  }
  const planYearChanged =
    (form.currentPlanYearStartDate ?? stored.planYearStart) !== stored.planYearStart ||
    (form.currentPlanYearEndDate ?? stored.planYearEnd) !== stored.planYearEnd;
  if (purchasedOnce(stored) && planYearChanged) errors.push(DOCUMENTS_MESSAGES.save.planYearLocked);
  return { form, errors };
}

/**
 * The answers an order writes over a stored document (an invitation, a repayment, a Colonial
 * cancellation, an auto-renew invoice): the cart's form over the stored one, with every locked field
 * as stored now, whatever the cart item holds (written before compliance changed them, or by any path).
 */
export function answersToPlace(
  stored: StoredAnswers,
  cartForm: Record<string, unknown>,
): { form: Record<string, unknown>; planYearStart: string; planYearEnd: string } {
  const form: Record<string, unknown> = { ...stored.form, ...cartForm };
  for (const name of Object.keys(COMPLIANCE_FIELDS)) {
    if (stored.form[name] === undefined) delete form[name];
    else form[name] = stored.form[name];
  }
  const planYear = purchasedOnce(stored)
    ? { start: stored.planYearStart, end: stored.planYearEnd }
    : {
        start:
          typeof cartForm.currentPlanYearStartDate === 'string'
            ? cartForm.currentPlanYearStartDate
            : stored.planYearStart,
        end:
          typeof cartForm.currentPlanYearEndDate === 'string'
            ? cartForm.currentPlanYearEndDate
            : stored.planYearEnd,
      };
  form.currentPlanYearStartDate = planYear.start;
  form.currentPlanYearEndDate = planYear.end;
  return { form, planYearStart: planYear.start, planYearEnd: planYear.end };
}
