/**
 * Where /referral/{referralId} keeps the referral id (§3: in local storage). It travels with account
 * creation and with every recorded sign-in; logout clears local storage and with it the id.
 */
export const REFERRAL_ID_KEY = 'referralId';

export function storeReferralId(referralId: string) {
  localStorage.setItem(REFERRAL_ID_KEY, referralId);
}

/** The stored referral id, or null when the visitor did not arrive through a referral link. */
export function readReferralId(): string | null {
  const value = localStorage.getItem(REFERRAL_ID_KEY);
  return value === null || value.trim() === '' ? null : value;
}
