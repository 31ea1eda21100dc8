import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { NDT_DEFINITION_TEMPLATES } from 'shared-domain';
import { stubFetch } from 'shared-ui/testing';
import { renderShell } from '../../../testing/render-shell.js';

afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const guest = { status: 401, body: { message: 'Not signed in' } };

/** /about, open to guests, lists the guides the app configuration links (issue 23 item 4). */
describe('the overview’s guides', () => {
  it('links both guides for a guest, as plain links to the configured paths', async () => {
    stubFetch({
      'GET /bff/user': guest,
      'GET /system-message/config/app': {
        body: {
          definitions: { ...NDT_DEFINITION_TEMPLATES },
          links: {
            popImplementationGuide: '/guides/pop-implementation-guide.pdf',
            employeeQuickReferenceGuide: '/guides/employee-quick-reference-guide.pdf',
          },
          videoIds: {},
          support: { phone: '', email: '' },
        },
      },
    });
    renderShell('/about');
    const guides = within(await screen.findByRole('region', { name: 'Guides' }));
    expect(guides.getByRole('link', { name: 'POP Implementation Guide' }).getAttribute('href')).toBe(
      '/guides/pop-implementation-guide.pdf',
    );
    expect(guides.getByRole('link', { name: 'Employee Quick Reference Guide' }).getAttribute('href')).toBe(
      '/guides/employee-quick-reference-guide.pdf',
    );
  });
});
