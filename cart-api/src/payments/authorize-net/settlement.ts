import type { SettlementState } from '../gateway.js';

/**
 * Authorize.Net's `transactionStatus` values (AnetApiSchema.xsd `transactionStatusEnum`) reduced to
 * our SettlementState. A status not listed here is a new one of the processor's: the adapter throws
 * rather than guess (the settlement job retries and its error names the status).
 */
export const SETTLEMENT_STATES: ReadonlyMap<string, SettlementState> = new Map(
  Object.entries({
    // Accepted, not decided yet: in a batch not settled, in review, an eCheck in flight.
    authorizedPendingCapture: 'pending',
    capturedPendingSettlement: 'pending',
    pendingSettlement: 'pending',
    pendingFinalSettlement: 'pending',
    updatingSettlement: 'pending',
    underReview: 'pending',
    approvedReview: 'pending',
    FDSPendingReview: 'pending',
    FDSAuthorizedPendingReview: 'pending',
    authorizedPendingRelease: 'pending',
    // A void that failed leaves the transaction to settle.
    couldNotVoid: 'pending',
    settledSuccessfully: 'settled',
    // A chargeback the merchant won: the money is the merchant's again.
    chargebackReversal: 'settled',
    returnedItem: 'returned',
    chargeback: 'returned',
    declined: 'declined',
    failedReview: 'declined',
    expired: 'declined',
    generalError: 'declined',
    communicationError: 'declined',
    settlementError: 'declined',
    voided: 'voided',
    // The status of a refund transaction itself.
    refundPendingSettlement: 'refunded',
    refundSettledSuccessfully: 'refunded',
  } satisfies Record<string, SettlementState>),
);

/** Not settled yet: given back by voiding it (a refund needs a settled transaction). */
export const VOIDABLE = new Set([
  'authorizedPendingCapture',
  'capturedPendingSettlement',
  'FDSPendingReview',
  'FDSAuthorizedPendingReview',
  'underReview',
  'approvedReview',
]);

export function settlementState(transactionStatus: string): SettlementState {
  const state = SETTLEMENT_STATES.get(transactionStatus);
  if (!state) throw new Error(`Authorize.Net transaction status "${transactionStatus}" is not known here`);
  return state;
}
