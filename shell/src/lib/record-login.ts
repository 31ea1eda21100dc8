import { apiClient, call } from 'shared-ui';
import { readReferralId } from './referral.js';

/**
 * POST user/{userId}/login with the stored referral id (§7 Session and configuration), once per
 * sign-in: after the password form, after the /auth token exchange, and when the app comes back
 * signed in from the external identity page. Silent: a failed record never bothers the user.
 */
export function recordLogin(userId: string): Promise<void> {
  return call(
    apiClient.POST('/user/{userId}/login', {
      params: { path: { userId } },
      body: { referralId: readReferralId() },
    }),
    { silent: true },
  )
    .then(() => undefined)
    .catch(() => undefined);
}
