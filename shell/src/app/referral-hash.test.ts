import { describe, expect, it, jest } from '@jest/globals';
import { rewriteHashReferralUrl } from './referral-hash.js';

function historyStub() {
  return { state: { key: 'k' }, replaceState: jest.fn<History['replaceState']>() };
}

describe('rewriteHashReferralUrl (/#/referral/{id} → /referral/{id})', () => {
  it('rewrites the hash form in place', () => {
    const history = historyStub();
    expect(rewriteHashReferralUrl({ pathname: '/', hash: '#/referral/abc123xyz0' }, history)).toBe(true);
    expect(history.replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/referral/abc123xyz0');
  });

  it('works on the real address bar', () => {
    window.history.replaceState(null, '', '/#/referral/demo-summit');
    expect(rewriteHashReferralUrl()).toBe(true);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/referral/demo-summit',
    );
  });

  it('leaves every other address alone', () => {
    const history = historyStub();
    for (const location of [
      { pathname: '/', hash: '' },
      { pathname: '/', hash: '#/referral/' },
      { pathname: '/', hash: '#/referrals/abc' },
      { pathname: '/', hash: '#/referral/a/b' },
      { pathname: '/', hash: '#/referral/%E0%A4%A' },
      { pathname: '/about', hash: '#/referral/abc' },
    ]) {
      expect(rewriteHashReferralUrl(location, history)).toBe(false);
    }
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
