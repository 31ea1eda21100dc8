/**
 * The limits' catalogue (README "Limits"): each `429 {message}` says which limit was reached and when
 * the caller may try again (the `Retry-After` header says it in seconds).
 */
export const LIMITS_MESSAGES = {
  /** 'a minute', '25 minutes', '3 hours': never less than the wait (rounded up). */
  wait: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    if (minutes <= 1) return 'a minute';
    if (minutes < 90) return `${minutes} minutes`;
    return `${Math.ceil(seconds / 3600)} hours`;
  },
  invitationsBeforePurchase: (max: number, wait: string) =>
    `You have sent ${max} invitations in the last 24 hours, the most an account may send before its first purchase. You can send the next one in ${wait}.`,
  invitationsAfterPurchase: (max: number, wait: string) =>
    `You have sent ${max} invitations in the last 24 hours, the most an account may send in a day. You can send the next one in ${wait}.`,
  sendToAll: (max: number, wait: string) =>
    `This document has been e-mailed to its addresses ${max} times in the last hour. You can send it again in ${wait}.`,
  sendToSelf: (max: number, wait: string) =>
    `You have e-mailed this document to yourself ${max} times in the last hour. You can send it again in ${wait}.`,
  receiptEmails: (max: number, wait: string) =>
    `This receipt has been e-mailed ${max} times in the last hour. You can send it again in ${wait}.`,
} as const;
