import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { compliance, renderAt, stubFetch } from 'shared-ui/testing';
import App from './App.js';

/** The shell mounts the admin remote at /admin/* (shell/src/app/AppRoutes.tsx): its routes are relative. */
function ShellRoutes() {
  return (
    <Routes>
      <Route path="/admin/*" element={<App />} />
    </Routes>
  );
}

afterEach(cleanup);

describe('the admin area', () => {
  it.each([
    ['/admin/clients', 'Clients'],
    // The client page itself: nothing stubbed, the client is not found (its own message, no toast).
    ['/admin/client/cl-1', 'Client not found'],
    ['/admin/strategic-partners', 'Strategic Partners'],
    ['/admin/strategic-partner/new', 'New Strategic Partner'],
    ['/admin/strategic-partner/sp-1/details', 'Strategic Partner Details'],
    ['/admin/users', 'Users'],
    ['/admin/utilities', 'Utilities'],
    ['/admin/utilities/weekly-order-report', 'Weekly Order Report'],
    ['/admin/nowhere', 'Page Not Found'],
    ['/admin/utilities/nowhere', 'Page Not Found'],
  ])('titles %s %s: its one h1', async (path, title) => {
    stubFetch({});
    renderAt(path, <ShellRoutes />);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});

describe('the utilities', () => {
  it('list their sections in a menu, the one the address names selected', async () => {
    stubFetch({ 'GET /bff/user': { body: compliance } });
    renderAt('/admin/utilities/weekly-order-report', <ShellRoutes />);

    const menu = await screen.findByRole('navigation', { name: 'Utilities' });
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Promo Codes', '/admin/utilities/promo-code'],
      ['Colonial Bill File', '/admin/utilities/colonial-bill-file'],
      ['Return File Upload', '/admin/utilities/return-file-upload'],
      ['Strategic Partner Report', '/admin/utilities/strategic-partner-report'],
      ['Weekly Order Report', '/admin/utilities/weekly-order-report'],
      ['Test Billing Numbers (BCN)', '/admin/utilities/bcn'],
      ['System Messages', '/admin/utilities/system-messages'],
      ['App Configuration', '/admin/utilities/app-config'],
      ['Token Refresh', '/admin/utilities/refresh-token'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Weekly Order Report' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('heading', { name: 'Weekly Order Report', level: 1 })).toBeTruthy();
    // The section sits under Utilities.
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Utilities' }).getAttribute('href')).toBe(
      '/admin/utilities',
    );
  });

  it.each([
    ['/admin/utilities/system-messages', 'System Messages'],
    ['/admin/utilities/app-config', 'App Configuration'],
    ['/admin/utilities/refresh-token', 'Token Refresh'],
  ])('open the settings: %s shows %s, selected in the menu', async (path, title) => {
    stubFetch({ 'GET /bff/user': { body: compliance } });
    renderAt(path, <ShellRoutes />);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Utilities' });
    expect(within(menu).getByRole('link', { name: title }).getAttribute('aria-current')).toBe('page');
    // Each section is a page of its own in the browser's title.
    expect(document.title).toBe(`${title} - Utilities - POP Documents`);
  });

  it.each([
    ['/admin/utilities/promo-code', 'Promo Codes'],
    ['/admin/utilities/promo-code/new', 'New Promo Code'],
    ['/admin/utilities/promo-code/d-spring', 'Edit Promo Code'],
  ])('open the promo code screens: %s shows %s', async (path, title) => {
    stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /discount': { body: [] },
      'GET /product': { body: [] },
    });
    renderAt(path, <ShellRoutes />);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeTruthy();
    // The editor belongs to Promo Codes in the menu.
    const menu = screen.getByRole('navigation', { name: 'Utilities' });
    expect(within(menu).getByRole('link', { name: 'Promo Codes' }).getAttribute('aria-current')).toBe('page');
  });
});
