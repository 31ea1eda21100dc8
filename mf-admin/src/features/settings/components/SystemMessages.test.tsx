import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'shared-ui/router';
import { paths } from 'shared-ui';
import { compliance, renderAt, stubFetch, type StubAnswers } from 'shared-ui/testing';
import type { SettingsChange } from '../api/get-change-log.js';
import type { ManagedSystemMessage } from '../api/get-system-messages.js';
import { SystemMessages } from './SystemMessages.js';

const welcome: ManagedSystemMessage = {
  id: '5e1f0c2a-7d1b-4c1e-9a53-000000000101',
  location: 'login',
  message: 'Welcome to POP Documents.',
  style: 'info',
  from: null,
  to: null,
  active: true,
  current: true,
  status: 'shown',
  createdAt: '2026-01-05T14:00:00.000Z',
  updatedAt: null,
};
const renewal: ManagedSystemMessage = {
  id: 'f3a0b0c2-0000-4000-8000-000000000002',
  location: 'home',
  message: 'Renewal season: renew before March 31',
  style: 'warning',
  from: '2026-03-12T08:30',
  to: '2026-03-31',
  active: true,
  current: false,
  status: 'scheduled',
  createdAt: '2026-03-01T14:00:00.000Z',
  updatedAt: null,
};
const change: SettingsChange = {
  id: 'c0000000-0000-4000-8000-000000000001',
  changedAt: '2026-03-10T18:05:00.000Z',
  user: 'pat.compliance',
  subject: 'system-message',
  recordId: renewal.id,
  action: 'update',
  description: 'Changed the home message "Renewal season: renew before March 31"',
  changes: [{ field: 'Level', before: 'info', after: 'warning' }],
};

afterEach(cleanup);

const page = () => (
  <Routes>
    <Route path={paths.utilities('system-messages')} element={<SystemMessages />} />
  </Routes>
);

function stub(extra: StubAnswers = {}) {
  return stubFetch({
    'GET /bff/user': { body: compliance },
    'GET /system-message/all': { body: [welcome, renewal] },
    'GET /system-message/change-log': { body: { data: [change], pages: 1 } },
    ...extra,
  } as StubAnswers);
}

const type = (element: HTMLElement, value: string) => {
  fireEvent.change(element, { target: { value } });
  fireEvent.blur(element);
};

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('Utilities → System Messages', () => {
  it('lists every message with where, how and when it shows, and the change log', async () => {
    stub();
    renderAt(paths.utilities('system-messages'), page());
    const table = await screen.findByRole('table', { name: 'System Messages' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Location', 'Message', 'Level', 'From', 'To', 'Status', 'Actions']);
    const cells = within(rowOf('Renewal season: renew before March 31'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'Home (signed in)',
      'Renewal season: renew before March 31',
      'Warning',
      '03/12/2026 8:30 AM',
      '03/31/2026',
      'Scheduled',
    ]);
    // The message as it will look: a Bootstrap alert of its level.
    expect(within(table).getByText('Renewal season: renew before March 31').className).toContain(
      'alert-warning',
    );
    expect(within(rowOf('Welcome to POP Documents.')).getByText('Shown now')).toBeTruthy();

    const log = await screen.findByRole('table', { name: 'Change Log' });
    expect(within(log).getByText('pat.compliance')).toBeTruthy();
    expect(within(log).getByText(change.description)).toBeTruthy();
    expect(within(log).getByText('Level:').parentElement!.textContent).toBe('Level: info → warning');
  });

  it('publishes a new message: the window as dates and New York times, then the list and its log are read again', async () => {
    const { calls } = stub({
      'POST /system-message': (call) => ({
        body: { ...renewal, ...(call.body as object), id: 'new-id', status: 'shown', current: true },
      }),
    });
    renderAt(paths.utilities('system-messages'), page());
    await screen.findByRole('table', { name: 'System Messages' });
    fireEvent.click(screen.getByRole('button', { name: 'New Message' }));

    const form = await screen.findByRole('form', { name: 'System message' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Location' }), { target: { value: 'home' } });
    fireEvent.click(within(form).getByRole('radio', { name: 'Danger' }));
    type(within(form).getByLabelText('Message'), 'Card payments are delayed today');
    // The preview shows it as it will look.
    expect(within(form).getByLabelText('Preview').className).toContain('alert-danger');
    type(within(form).getByLabelText('From'), '03/10/26');
    type(within(form).getByLabelText('From time'), '20:00');
    type(within(form).getByLabelText('To'), '2026-03-11');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('System message saved')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      location: 'home',
      message: 'Card payments are delayed today',
      style: 'danger',
      from: '2026-03-10T20:00',
      to: '2026-03-11',
      active: true,
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/system-message/all')).toHaveLength(2),
    );
    expect(
      calls.filter((call) => call.url.startsWith('/api/system-message/change-log')).length,
    ).toBeGreaterThan(1);
    expect(screen.queryByRole('form', { name: 'System message' })).toBeNull();
  });

  it('edits a message in place: the form holds it, Active No hides it', async () => {
    const { calls } = stub({
      'POST /system-message/{systemMessageId}': (call) => ({
        body: { ...renewal, ...(call.body as object), status: 'inactive', current: false },
      }),
    });
    renderAt(paths.utilities('system-messages'), page());
    await screen.findByRole('table', { name: 'System Messages' });
    fireEvent.click(
      within(rowOf('Renewal season: renew before March 31')).getByRole('button', { name: 'Edit' }),
    );

    const form = await screen.findByRole('form', { name: 'System message' });
    expect((within(form).getByLabelText('Message') as HTMLTextAreaElement).value).toBe(renewal.message);
    expect((within(form).getByLabelText('From') as HTMLInputElement).value).toBe('03/12/2026');
    expect((within(form).getByLabelText('From time') as HTMLInputElement).value).toBe('08:30');
    expect((within(form).getByLabelText('To') as HTMLInputElement).value).toBe('03/31/2026');
    expect((within(form).getByLabelText('To time') as HTMLInputElement).value).toBe('');
    fireEvent.click(within(form).getByRole('radio', { name: 'No' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await screen.findByText('System message saved');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe(`/api/system-message/${renewal.id}`);
    expect(post.body).toEqual({
      location: 'home',
      message: renewal.message,
      style: 'warning',
      from: '2026-03-12T08:30',
      to: '2026-03-31',
      active: false,
    });
  });

  it('refuses a window that ends before it starts, sending nothing', async () => {
    const { calls } = stub();
    renderAt(paths.utilities('system-messages'), page());
    await screen.findByRole('table', { name: 'System Messages' });
    fireEvent.click(screen.getByRole('button', { name: 'New Message' }));
    const form = await screen.findByRole('form', { name: 'System message' });
    type(within(form).getByLabelText('Message'), 'Maintenance');
    type(within(form).getByLabelText('From'), '03/12/2026');
    type(within(form).getByLabelText('To'), '03/11/2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('To must not be before From')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("keeps the editor open when the server refuses, with the server's reasons in a toast", async () => {
    stub({
      'POST /system-message': {
        status: 400,
        body: { type: 'validation', errors: ['To must not be before From'] },
      },
    });
    renderAt(paths.utilities('system-messages'), page());
    await screen.findByRole('table', { name: 'System Messages' });
    fireEvent.click(screen.getByRole('button', { name: 'New Message' }));
    const form = await screen.findByRole('form', { name: 'System message' });
    type(within(form).getByLabelText('Message'), 'Maintenance');
    type(within(form).getByLabelText('To time'), '08:00');
    type(within(form).getByLabelText('To'), '03/11/2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('To must not be before From')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'System message' })).toBeTruthy();
  });

  it('deletes a message after the confirmation', async () => {
    const { calls } = stub({
      'DELETE /system-message/{systemMessageId}': { body: { id: renewal.id, deleted: true } },
    });
    renderAt(paths.utilities('system-messages'), page());
    await screen.findByRole('table', { name: 'System Messages' });
    fireEvent.click(
      within(rowOf('Renewal season: renew before March 31')).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Delete the home (signed in) message "Renewal season: renew before March 31"?',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('System message deleted')).toBeTruthy();
    expect(calls.find((call) => call.method === 'DELETE')!.url).toBe(`/api/system-message/${renewal.id}`);
  });
});
