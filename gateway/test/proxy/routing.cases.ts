import { describe, expect, it } from '@jest/globals';
import { isSafeApiPath, routeApi } from '../../src/routing.js';

describe('routing table', () => {
  it('sends accounts and credentials to identity-api and everything else to cart-api', () => {
    expect(routeApi('GET', 'user').upstream).toBe('identity');
    expect(routeApi('GET', 'user/42').upstream).toBe('identity');
    expect(routeApi('POST', 'authentication/password/reset').upstream).toBe('identity');
    expect(routeApi('GET', 'temporary-user-token').upstream).toBe('identity');
    expect(routeApi('GET', 'order').upstream).toBe('cart');
    expect(routeApi('GET', 'users-report').upstream).toBe('cart');
    expect(routeApi('GET', 'oidc/token').upstream).toBe('cart');
    expect(routeApi('GET', 'shopping-cart/1/count/saved-for-later').upstream).toBe('cart');
    expect(routeApi('POST', 'page-view').upstream).toBe('cart');
  });

  it("sends the back office's user links to identity-api and a user's companies to cart-api", () => {
    const paths = [
      ['GET', 'user', 'identity'], // the user search (?username|email|fullName&page=1&pageSize=300)
      ['GET', 'user/7/linked-user', 'identity'],
      ['POST', 'user/7/8', 'identity'], // link
      ['DELETE', 'user/7/8', 'identity'], // unlink
      ['GET', 'user/7/company', 'cart'],
      ['GET', 'company/c1/user', 'cart'],
      ['POST', 'company/c1/user/7', 'cart'],
      ['DELETE', 'company/c1/user/7', 'cart'],
      ['GET', 'epop-document/d1/user', 'cart'],
      ['GET', 'sales-report/epop', 'cart'],
      ['GET', 'sales-report/epop/excel', 'cart'],
    ] as const;
    for (const [method, path, upstream] of paths) {
      expect({ method, path, ...routeApi(method, path) }).toEqual({
        method,
        path,
        upstream,
        public: false,
        limit: undefined,
      });
    }
    // Only that exact path: a user id or a longer path with "company" stays identity-api's.
    expect(routeApi('GET', 'user/company').upstream).toBe('identity');
    expect(routeApi('GET', 'user/7/company/1').upstream).toBe('identity');
  });

  it('sends the profile and the sign-in record to identity-api, for the signed-in user only', () => {
    for (const [method, path] of [
      ['GET', 'user/7'],
      ['POST', 'user/7'],
      ['POST', 'user/7/login'],
    ] as const) {
      expect({ method, path, ...routeApi(method, path) }).toEqual({
        method,
        path,
        upstream: 'identity',
        public: false,
        limit: undefined,
      });
    }
  });

  it('lets guests call only the listed public routes', () => {
    expect(routeApi('GET', 'system-message').public).toBe(true);
    expect(routeApi('GET', 'system-message/config/app').public).toBe(true);
    expect(routeApi('GET', 'system-message/config/refresh-token').public).toBe(true);
    expect(routeApi('POST', 'user/7/token/abc').public).toBe(true);
    // An e-mail verification link is opened from the mailbox, signed in or not; asking for a new one
    // is the signed-in owner's.
    expect(routeApi('POST', 'user/verify-email')).toEqual({
      upstream: 'identity',
      public: true,
      limit: 'account-route',
    });
    expect(routeApi('POST', 'user/7/email-verification').public).toBe(false);
    expect(routeApi('POST', 'page-view').public).toBe(true);
    expect(routeApi('GET', 'page-view').public).toBe(false);
    expect(routeApi('POST', 'system-message').public).toBe(false);
    expect(routeApi('GET', 'system-message/9').public).toBe(false);
    expect(routeApi('GET', 'user/7').public).toBe(false);
    expect(routeApi('POST', 'user/7').public).toBe(false);
    expect(routeApi('GET', 'order').public).toBe(false);
  });

  it("counts a guest's account calls against the account-route limit and page views against their own", () => {
    for (const [method, path] of [
      ['POST', 'user'],
      ['GET', 'user/exists'],
      ['GET', 'authentication/password/reset'],
      ['POST', 'authentication/password/reset'],
      ['GET', 'temporary-user-token'],
      ['POST', 'user/7/token/abc'],
    ] as const) {
      expect(routeApi(method, path).limit).toBe('account-route');
    }
    expect(routeApi('POST', 'page-view').limit).toBe('page-view');
    for (const [method, path] of [
      ['GET', 'system-message'],
      ['GET', 'page-view'],
      ['GET', 'user/7'],
      ['POST', 'user/7/login'],
      ['GET', 'order'],
    ] as const) {
      expect(routeApi(method, path).limit).toBeUndefined();
    }
  });

  it('refuses paths that could escape their prefix', () => {
    for (const path of ['order', 'user/42', 'order/a%20b', 'client/search'])
      expect(isSafeApiPath(path)).toBe(true);
    for (const path of [
      '../oidc/token',
      'user/../oidc/token',
      './user',
      '%2e%2e/oidc/token',
      '%2E%2E/oidc',
      '..%2foidc',
      'user%2f..%2f..%2foidc',
      'user%5c..',
      'user\\..\\oidc',
      '%252e%252e/oidc',
      'user%00',
      'bad%zz',
    ]) {
      expect({ path, safe: isSafeApiPath(path) }).toEqual({ path, safe: false });
    }
  });
});
