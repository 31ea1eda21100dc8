import { describe, expect, it } from '@jest/globals';
import { isGuestPath } from './guards.js';

describe('route guard', () => {
  it('lets a guest open the login, overview and account pages', () => {
    for (const path of ['/', '/about', '/forgot-password', '/create-account', '/first-time-setup/abc123']) {
      expect(isGuestPath(path)).toBe(true);
    }
  });

  it('sends a guest away from everything else', () => {
    for (const path of [
      '/basket',
      '/checkout',
      '/orders/o1/receipt',
      '/admin/clients',
      '/profile',
      '/document/d1',
    ]) {
      expect(isGuestPath(path)).toBe(false);
    }
  });
});
