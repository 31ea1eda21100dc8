import { ACCOUNT_MESSAGES } from 'shared-domain';
import { apiClient, ApiError, call, reportError } from 'shared-ui';

/** What opening a verification link came to: the address verified, or why not (said on the page). */
export type Verification = { ok: true; email: string } | { ok: false; message: string };

/**
 * POST user/verify-email (public): opens the link whose token the e-mail carried. A refused link (4xx)
 * is the page's own message (no toast); a server error or no response is reported like any other call.
 */
export async function verifyEmail(token: string): Promise<Verification> {
  try {
    const { email } = await call(apiClient.POST('/user/verify-email', { body: { token } }), { silent: true });
    return { ok: true, email };
  } catch (error) {
    if (error instanceof ApiError && error.status !== null && error.status < 500) {
      return { ok: false, message: error.message || ACCOUNT_MESSAGES.invalidVerificationLink };
    }
    if (error instanceof ApiError) reportError(error);
    return { ok: false, message: ACCOUNT_MESSAGES.invalidVerificationLink };
  }
}
