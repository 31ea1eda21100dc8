import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { IDLE_CHECK_INTERVAL_MS, SESSION_IDLE_MS } from 'shared-domain';
import { apiClient, call } from 'shared-ui';
import { broker, stubFetch } from 'shared-ui/testing';
import { resetPageShownForTests } from '../lib/page-shown.js';
import { clickOn, currentLocation, pageViewsIn, renderShell } from '../testing/render-shell.js';

const guest = { status: 401, body: { message: 'Not signed in' } };

beforeEach(() => {
  localStorage.clear();
  resetPageShownForTests();
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('page views (§2: each navigation records one)', () => {
  it('POSTs the pathname, never the query string, once per navigation, for guests too', async () => {
    const { calls } = stubFetch({ 'GET /bff/user': guest, 'POST /page-view': { status: 204 } });
    renderShell('/forgot-password?expired=true');
    await screen.findByRole('heading', { level: 1, name: 'Forgot Password' });
    await clickOn(screen.getByRole('link', { name: 'Overview' }));
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await clickOn(screen.getByRole('link', { name: 'Overview' })); // same path: no new view
    await clickOn(screen.getAllByRole('link', { name: 'Home' })[0]!);
    await waitFor(() => expect(pageViewsIn(calls)).toHaveLength(3));
    expect(pageViewsIn(calls)).toEqual([{ path: '/forgot-password' }, { path: '/about' }, { path: '/' }]);
  });

  it('records /first-time-setup/:token, never the setup token in the path', async () => {
    const token = 'c2V0dXAtdG9rZW4tc2VjcmV0';
    const { calls } = stubFetch({
      'GET /bff/user': guest,
      'GET /temporary-user-token': { status: 400, body: { message: 'Invalid link' } },
      'POST /page-view': { status: 204 },
    });
    renderShell(`/first-time-setup/${token}`);
    await screen.findByRole('heading', { level: 1, name: 'Welcome' });
    await waitFor(() => expect(pageViewsIn(calls)).toHaveLength(1));
    expect(pageViewsIn(calls)).toEqual([{ path: '/first-time-setup/:token' }]);
    expect(JSON.stringify(pageViewsIn(calls))).not.toContain(token);
  });
});

describe('every page has one h1 and titles the browser tab after it', () => {
  it.each([
    ['/', 'Sign In'],
    ['/about', 'Overview'],
    ['/create-account', 'Create Account'],
    ['/forgot-password', 'Forgot Password'],
    ['/first-time-setup/bad-token', 'Welcome'],
  ])('a guest at %s: %s', async (path, title) => {
    stubFetch({
      'GET /bff/user': guest,
      'GET /temporary-user-token': { status: 400, body: { message: 'Invalid link' } },
      'POST /page-view': { status: 204 },
    });
    renderShell(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe(`${title} - POP Documents`);
  });

  it.each([
    ['/profile', 'Your Profile'],
    ['/tutorials/ndt', 'Non-Discrimination Testing'],
  ])('signed in at %s: %s', async (path, title) => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'POST /page-view': { status: 204 } });
    renderShell(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(document.title).toBe(`${title} - POP Documents`);
  });
});

describe('the session ending while the page is open', () => {
  it('a 401 from /api while signed in → guest, back to /', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /system-message/config/app': { status: 401, body: { message: 'Session expired' } },
    });
    renderShell('/tutorials/ndt');
    expect(await screen.findByRole('heading', { level: 1, name: 'Non-Discrimination Testing' })).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Secure Sign In' })).toBeTruthy();
  });

  it("a guest's 401 changes nothing (the stored referral id stays)", async () => {
    localStorage.setItem('referralId', 'ref-5');
    stubFetch({ 'GET /bff/user': guest, 'GET /order': guest });
    renderShell('/about');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await act(async () => {
      await call(apiClient.GET('/order', { params: { query: {} } })).catch(() => undefined);
    });
    expect(localStorage.getItem('referralId')).toBe('ref-5');
    expect(currentLocation()).toBe('/about');
  });

  it('Logout ends the session at the gateway, clears local storage and returns to /', async () => {
    localStorage.setItem('referralId', 'ref-6');
    const { calls } = stubFetch({ 'GET /bff/user': { body: broker }, 'POST /bff/logout': { status: 204 } });
    renderShell('/about');
    await clickOn(await screen.findByRole('button', { name: 'Demo Broker' }));
    await clickOn(await screen.findByRole('link', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Secure Sign In' })).toBeTruthy();
    expect(currentLocation()).toBe('/');
    expect(calls.some((call) => call.method === 'POST' && call.url === '/bff/logout')).toBe(true);
    expect(localStorage.getItem('referralId')).toBeNull();
  });

  it('more than 120 idle minutes → signed out at the next check and back at /', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const { calls } = stubFetch({ 'GET /bff/user': { body: broker }, 'POST /bff/logout': { status: 204 } });
    renderShell('/about');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('navigation', { name: 'User navigation' })).toBeTruthy();

    fireEvent.click(screen.getByRole('heading', { level: 1, name: 'Overview' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(SESSION_IDLE_MS);
    });
    expect(calls.some((call) => call.url === '/bff/logout')).toBe(false);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(IDLE_CHECK_INTERVAL_MS);
    });
    expect(calls.some((call) => call.url === '/bff/logout')).toBe(true);
    expect(currentLocation()).toBe('/');
    expect(screen.getByRole('navigation', { name: 'Guest navigation' })).toBeTruthy();
  });
});
