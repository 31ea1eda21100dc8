import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { NDT_DEFINITION_TEMPLATES } from 'shared-domain';
import { broker, stubFetch } from 'shared-ui/testing';
import { clickOn, renderShell } from '../../../testing/render-shell.js';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const config = (support: { phone: string; email: string }) => ({
  definitions: { ...NDT_DEFINITION_TEMPLATES },
  links: { popImplementationGuide: '', employeeQuickReferenceGuide: '' },
  videoIds: {},
  support,
});

async function openContactUs() {
  await clickOn(await screen.findByRole('button', { name: broker.fullName }));
  await clickOn(screen.getByRole('button', { name: 'Contact Us' }));
  return within(await screen.findByRole('dialog', { name: 'Contact Us' }));
}

/** Contact Us shows the support phone and e-mail compliance configured, never a number in the code. */
describe('Contact Us', () => {
  it('shows the configured support phone and e-mail as links', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /system-message/config/app': {
        body: config({ phone: '(000) 000-0000', email: 'support@example.com' }),
      },
    });
    renderShell('/profile');
    const dialog = await openContactUs();
    expect((await dialog.findByRole('link', { name: '(000) 000-0000' })).getAttribute('href')).toBe(
      'tel:0000000000',
    );
    expect(dialog.getByRole('link', { name: 'support@example.com' }).getAttribute('href')).toBe(
      'mailto:support@example.com',
    );
  });

  it('says so when none is configured', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /system-message/config/app': { body: config({ phone: '', email: '' }) },
    });
    renderShell('/profile');
    const dialog = await openContactUs();
    expect(await dialog.findByText('Customer support’s phone and e-mail are not set yet.')).toBeTruthy();
  });
});
