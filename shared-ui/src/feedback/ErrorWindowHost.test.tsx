import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { MESSAGES, NDT_DEFINITION_TEMPLATES } from 'shared-domain';
import { stubFetch } from '../testing/fetch-stub.js';
import { closeErrorWindow, showErrorWindow } from './error-window-store.js';
import { ErrorWindowHost } from './ErrorWindowHost.js';

const config = (support: { phone: string; email: string }) => ({
  definitions: { ...NDT_DEFINITION_TEMPLATES },
  links: { popImplementationGuide: '', employeeQuickReferenceGuide: '' },
  videoIds: {},
  support,
});

/** The window's sentence about support, as read. */
const supportText = () => screen.getByText(/^Please save this message\./, { selector: 'p' }).textContent;

function openWindow() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ErrorWindowHost />
    </SWRConfig>,
  );
  act(() => showErrorWindow({ errorText: 'Database unavailable' }));
}

/** §8's error window tells the user to call the support line: the one compliance configured (issue 23). */
describe('the error window’s support line', () => {
  afterEach(() => {
    act(() => closeErrorWindow());
    cleanup();
  });

  it('shows the configured support phone and e-mail as links', async () => {
    stubFetch({
      'GET /system-message/config/app': {
        body: config({ phone: '(000) 000-0000', email: 'support@example.com' }),
      },
    });
    openWindow();
    const phone = await screen.findByRole('link', { name: '(000) 000-0000' });
    expect(phone.getAttribute('href')).toBe('tel:0000000000');
    expect(screen.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe(
      'mailto:support@example.com',
    );
    expect(supportText()).toBe(
      'Please save this message. If the problem persists, call our support line at (000) 000-0000 or write to support@example.com.',
    );
    expect(screen.getByText(MESSAGES.errorWindowTitle)).toBeTruthy();
    expect(document.body.textContent).not.toContain('555');
  });

  it('points to the support team, not to a line it cannot name, when neither is configured', async () => {
    const { calls } = stubFetch({
      'GET /system-message/config/app': { body: config({ phone: '', email: '' }) },
    });
    openWindow();
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/system-message/config/app']));
    expect(supportText()).toBe(
      'Please save this message. If the problem persists, contact our support team.',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('points to the support e-mail when only that is configured', async () => {
    stubFetch({
      'GET /system-message/config/app': { body: config({ phone: '', email: 'help@example.com' }) },
    });
    openWindow();
    const mail = await screen.findByRole('link', { name: 'help@example.com' });
    expect(mail.getAttribute('href')).toBe('mailto:help@example.com');
    expect(supportText()).toBe(
      'Please save this message. If the problem persists, write to our support team at help@example.com.',
    );
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('says to call the support line at the number when only that is configured', async () => {
    stubFetch({
      'GET /system-message/config/app': { body: config({ phone: '(000) 000-0000', email: '' }) },
    });
    openWindow();
    await screen.findByRole('link', { name: '(000) 000-0000' });
    expect(supportText()).toBe(
      'Please save this message. If the problem persists, call our support line at (000) 000-0000.',
    );
  });

  it('asks for the configuration only once the window opens', () => {
    const { calls } = stubFetch({});
    render(<ErrorWindowHost />);
    expect(calls).toEqual([]);
  });
});
