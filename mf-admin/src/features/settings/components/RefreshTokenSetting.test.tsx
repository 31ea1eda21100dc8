import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { paths } from 'shared-ui';
import { compliance, renderAt, stubFetch } from 'shared-ui/testing';
import { RefreshTokenSetting } from './RefreshTokenSetting.js';

afterEach(cleanup);

const page = () => (
  <Routes>
    <Route path={paths.utilities('refresh-token')} element={<RefreshTokenSetting />} />
  </Routes>
);

describe('Utilities → Token Refresh', () => {
  it('turns refresh off after a warning, shows the new state and its change in the log', async () => {
    let enabled = true;
    const log: unknown[] = [];
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /system-message/config/refresh-token': () => ({ body: { enabled } }),
      'POST /system-message/config/refresh-token': (call) => {
        enabled = (call.body as { enabled: boolean }).enabled;
        log.push({
          id: 'c0000000-0000-4000-8000-000000000009',
          changedAt: '2026-03-10T18:05:00.000Z',
          user: 'pat.compliance',
          subject: 'refresh-token',
          recordId: null,
          action: 'update',
          description: 'Turned the refresh of access tokens off',
          changes: [{ field: 'Refresh tokens', before: 'On', after: 'Off' }],
        });
        return { body: { enabled } };
      },
      'GET /system-message/change-log': () => ({ body: { data: log as never[], pages: log.length ? 1 : 0 } }),
    });
    renderAt(paths.utilities('refresh-token'), page());
    expect((await screen.findByTestId('refresh-token-state')).textContent).toBe('On');

    fireEvent.click(screen.getByRole('button', { name: 'Turn Off' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/each session ends when its token expires/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn Off' }));

    expect(await screen.findByText('Token refresh setting saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ enabled: false });
    await waitFor(() => expect(screen.getByTestId('refresh-token-state').textContent).toBe('Off'));
    const table = await screen.findByRole('table', { name: 'Change Log' });
    expect(within(table).getByText('Turned the refresh of access tokens off')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn On' })).toBeTruthy();
  });

  it('cancelling the warning changes nothing', async () => {
    const { calls } = stubFetch({
      'GET /bff/user': { body: compliance },
      'GET /system-message/config/refresh-token': { body: { enabled: true } },
      'GET /system-message/change-log': { body: { data: [], pages: 0 } },
    });
    renderAt(paths.utilities('refresh-token'), page());
    fireEvent.click(await screen.findByRole('button', { name: 'Turn Off' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});
