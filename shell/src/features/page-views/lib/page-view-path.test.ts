import { describe, expect, it } from '@jest/globals';
import { pageViewPath } from './page-view-path.js';

describe('pageViewPath: page views never carry a one-time credential', () => {
  it.each([
    ['/first-time-setup/Zm9vYmFyLXRva2Vu', '/first-time-setup/:token'],
    ['/first-time-setup/Zm9vYmFy/', '/first-time-setup/:token'],
    ['/first-time-setup/Zm9vYmFy/more', '/first-time-setup/:token'],
    ['/First-Time-Setup/Zm9vYmFy', '/first-time-setup/:token'],
  ])('%s → %s', (pathname, recorded) => {
    expect(pageViewPath(pathname)).toBe(recorded);
  });

  it.each([
    '/',
    '/about',
    '/first-time-setup',
    '/auth',
    '/forgot-password',
    '/referral/ref-1',
    '/admin/clients',
  ])('%s is recorded as it is', (pathname) => {
    expect(pageViewPath(pathname)).toBe(pathname);
  });
});
