import { apiClient, ApiError, call, reportError } from 'shared-ui';

/** What accepting came to: the invitation's action item now the caller's, or why not (said on the page). */
export type Claim = { ok: true; actionItemId: string } | { ok: false; message: string };

/**
 * POST action-item/claim {token} (signed in): the invitation whose e-mailed link carries `token`
 * becomes the caller's. A refusal (4xx) is the page's own message (no toast); a server error or no
 * response is reported like any other call.
 */
export async function claimInvitation(token: string): Promise<Claim> {
  try {
    const { actionItemId } = await call(apiClient.POST('/action-item/claim', { body: { token } }), {
      silent: true,
    });
    return { ok: true, actionItemId };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === null || error.status >= 500) reportError(error);
    return { ok: false, message: error.message };
  }
}
