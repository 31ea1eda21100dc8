import { paths } from 'shared-ui';

/**
 * The partner's referral link is the site's address + `/#/referral/{referralId}` (specs/3-admin.md §2,
 * as the back office shows it). Before the router starts, that address is rewritten in place
 * (history.replaceState, no reload and no extra history entry) to /referral/{referralId}, which the
 * /referral route handles (it keeps a sane id and goes home). Returns whether it rewrote.
 */
export function rewriteHashReferralUrl(
  location: Pick<Location, 'pathname' | 'hash'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): boolean {
  const match = /^#\/referral\/([^/?#]+)\/?$/.exec(location.hash);
  if (!match || location.pathname !== paths.home()) return false;
  let referralId: string;
  try {
    referralId = decodeURIComponent(match[1]!);
  } catch {
    return false; // broken percent-encoding: not a link of ours
  }
  history.replaceState(history.state, '', paths.referral(referralId));
  return true;
}
