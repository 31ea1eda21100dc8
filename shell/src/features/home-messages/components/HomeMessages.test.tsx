import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import type { SystemMessage } from 'shared-ui';
import { broker, compliance, stubFetch, type RecordedCall } from 'shared-ui/testing';
import { renderShell } from '../../../testing/render-shell.js';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

/** cart-api's current messages by location (it applies the window; the shell shows what it answers). */
const messagesByLocation = (byLocation: Record<string, SystemMessage[]>) => (call: RecordedCall) => ({
  body: byLocation[call.query.get('location') ?? ''] ?? [],
});

/** The signed-in home shows the current messages of the location 'home' (issue 23 item 3). */
describe('the home’s system messages', () => {
  it('shows a broker the home messages as Bootstrap alerts by style, above the home', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /system-message': messagesByLocation({
        home: [
          { message: 'Renewal season: renew before March 31', style: 'info', location: 'home' },
          { message: 'Card payments are delayed today', style: 'danger', location: 'home' },
        ],
        login: [{ message: 'Only on the sign-in page', style: 'warning', location: 'login' }],
      }),
    });
    renderShell('/');
    const region = await screen.findByRole('region', { name: 'Announcements' });
    const renewal = within(region).getByText('Renewal season: renew before March 31');
    expect(renewal.className).toContain('alert-info');
    expect(renewal.className).toContain('home-system-message');
    expect(within(region).getByText('Card payments are delayed today').className).toContain('alert-danger');
    expect(screen.queryByText('Only on the sign-in page')).toBeNull();
    expect(
      calls.filter((call) => call.url.startsWith('/api/system-message')).map((call) => call.url),
    ).toEqual(['/api/system-message?location=home']);
  });

  it('shows them to compliance above Order Management too', async () => {
    stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /system-message': messagesByLocation({
        home: [{ message: 'Month-end close on Friday', style: 'warning', location: 'home' }],
      }),
    });
    renderShell('/');
    expect((await screen.findByText('Month-end close on Friday')).className).toContain('alert-warning');
  });

  it('shows nothing, and no error, when there is no current message or the read fails', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: broker },
      'GET /system-message': { status: 500, body: { errorText: 'Boom' } },
    });
    renderShell('/');
    await waitFor(() =>
      expect(calls.some((call) => call.url === '/api/system-message?location=home')).toBe(true),
    );
    // Let the failed answer reach the page: still no banner, and (silent) no error window.
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
    expect(screen.queryByText('It appears something is amiss!')).toBeNull();
  });
});
