import { describe, expect, it, jest } from '@jest/globals';
import { rewriteHashAuthUrl } from './auth-hash.js';

function historyStub() {
  return { state: { key: 'k' }, replaceState: jest.fn<History['replaceState']>() };
}

describe('rewriteHashAuthUrl (/#/auth?token=… → /auth?token=…)', () => {
  it('rewrites the hash form in place, keeping the query', () => {
    const history = historyStub();
    expect(rewriteHashAuthUrl({ pathname: '/', hash: '#/auth?token=abc-123' }, history)).toBe(true);
    expect(history.replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/auth?token=abc-123');
  });

  it('works on the real address bar', () => {
    window.history.replaceState(null, '', '/#/auth?token=tok_9');
    expect(rewriteHashAuthUrl()).toBe(true);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/auth?token=tok_9',
    );
  });

  it('leaves every other address alone', () => {
    const history = historyStub();
    for (const location of [
      { pathname: '/', hash: '' },
      { pathname: '/', hash: '#/authority' },
      { pathname: '/', hash: '#other-systems' },
      { pathname: '/about', hash: '#/auth?token=x' },
    ]) {
      expect(rewriteHashAuthUrl(location, history)).toBe(false);
    }
    expect(history.replaceState).not.toHaveBeenCalled();
  });
});
