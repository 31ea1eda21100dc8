import { api } from 'shared-ui';
import { REFERRAL_ID_KEY } from '../referral.js';

/** POST user/{userId}/login with the stored referral id (§7 Session and configuration). */
export function recordLogin(userId: string) {
  const referralId = localStorage.getItem(REFERRAL_ID_KEY);
  return api.post<unknown>(`user/${encodeURIComponent(userId)}/login`, { referralId }, { silent: true });
}
