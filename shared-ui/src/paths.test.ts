import { describe, expect, it } from '@jest/globals';
import { matchPath, matchRoutes } from 'shared-ui/router';
import { below, paths, patterns } from './paths.js';

// An id with the characters a path must not carry raw.
const odd = 'a/b?c#d e';

describe('screen paths', () => {
  it('are the routes of the specs, ids encoded', () => {
    expect(paths.home()).toBe('/');
    expect(paths.about()).toBe('/about');
    expect(paths.about('other-systems')).toBe('/about#other-systems');
    expect(paths.forgotPassword()).toBe('/forgot-password');
    expect(paths.forgotPassword({ expired: true })).toBe('/forgot-password?expired=true');
    expect(paths.auth()).toBe('/auth');
    expect(paths.auth('t+k/n')).toBe('/auth?token=t%2Bk%2Fn');
    expect(paths.verifyEmail('t+k/n')).toBe('/verify-email?token=t%2Bk%2Fn');
    expect(paths.invitation('t+k/n')).toBe('/invitation?token=t%2Bk%2Fn');
    expect(paths.firstTimeSetup('s-1', 't+k')).toBe('/first-time-setup/s-1?invitationToken=t%2Bk');
    expect(paths.receipt(odd)).toBe('/orders/a%2Fb%3Fc%23d%20e/receipt');
    expect(paths.newDocument()).toBe('/document/new');
    expect(paths.newDocument('sp-1')).toBe('/document/new/sp-1');
    expect(paths.document('d-1')).toBe('/document/d-1');
    expect(paths.documentReadonly('d-1')).toBe('/document/d-1/readonly');
    expect(paths.documentRenew('d-1')).toBe('/document/d-1/renew');
    expect(paths.documentAdminRenew('d-1')).toBe('/document/d-1/admin/renew');
    expect(paths.client('c-1')).toBe('/client/c-1');
    expect(paths.adminClient('c-1')).toBe('/admin/client/c-1');
    expect(paths.strategicPartner('p-1')).toBe('/admin/strategic-partner/p-1/details');
    expect(paths.utilities()).toBe('/admin/utilities');
    expect(paths.utilities('weekly-order-report')).toBe('/admin/utilities/weekly-order-report');
    expect(paths.promoCode('7')).toBe('/admin/utilities/promo-code/7');
  });

  // Each path is matched by the pattern of the same name, and its id comes back as the route's param
  // (as the router reads it: matchRoutes decodes the address first).
  const named = Object.keys(patterns).filter((name) => name in paths) as (keyof typeof paths &
    keyof typeof patterns)[];

  it.each(named)('%s is matched by its pattern', (name) => {
    const pattern: string = patterns[name];
    const build = paths[name] as (id?: string) => string;
    const [pathname] = build(pattern.includes(':') ? odd : undefined).split(/[?#]/);
    const match = matchRoutes([{ path: pattern }], pathname ?? '')?.[0];
    expect(match).toBeDefined();
    const params = Object.entries(match?.params ?? {}).filter(([param]) => param !== '*');
    expect(params.map(([, value]) => value)).toEqual(pattern.includes(':') ? [odd] : []);
  });

  it('match no other screen than their own', () => {
    expect(matchPath(patterns.document, paths.documentNdt('d-1'))).toBeNull();
    expect(matchPath(patterns.client, paths.adminClient('c-1'))).toBeNull();
  });
});

describe('below', () => {
  it('names a route of a section relative to the section', () => {
    expect(below(patterns.documentPages, patterns.documentNdt)).toBe(':documentId/ndt');
    expect(below(patterns.documentPages, patterns.newDocument)).toBe('new/:strategicPartnerId?');
    expect(below(patterns.admin, patterns.adminClients)).toBe('clients');
    expect(below(patterns.admin, patterns.utilities)).toBe('utilities/*');
    expect(below(patterns.clientPages, patterns.client)).toBe(':clientId');
  });

  it('refuses a pattern outside the section', () => {
    // @ts-expect-error the types refuse it too
    expect(() => below(patterns.admin, patterns.client)).toThrow('/client/:clientId is not below /admin/*');
  });
});
