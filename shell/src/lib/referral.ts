/**
 * Where /referral/{referralId} keeps the referral id (§3: in local storage). It travels with account
 * creation and with every recorded sign-in; logout clears local storage and with it the id.
 */
export const REFERRAL_ID_KEY = 'referralId';

/** Letters, digits and `._-`, 1–100 of them (the servers keep at most 100 characters). */
const REFERRAL_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The trimmed referral id when it is a sane one, otherwise null (a link's junk is ignored). */
export function saneReferralId(raw: string | null | undefined): string | null {
  const value = raw?.trim() ?? '';
  return REFERRAL_ID.test(value) ? value : null;
}

/** Keeps a sane referral id; anything else is not stored (an earlier id stays). */
export function storeReferralId(raw: string | null | undefined): boolean {
  const referralId = saneReferralId(raw);
  if (referralId === null) return false;
  localStorage.setItem(REFERRAL_ID_KEY, referralId);
  return true;
}

/** The stored referral id, or null when the visitor did not arrive through a (sane) referral link. */
export function readReferralId(): string | null {
  return saneReferralId(localStorage.getItem(REFERRAL_ID_KEY));
}
