import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { broker, stubFetch } from 'shared-ui/testing';
import { renderShell } from '../../../testing/render-shell.js';
import { type AppConfig } from 'shared-ui';

const config: AppConfig = {
  definitions: { keyEmployee: 'A key employee owns more than 5%.', hce: 'An HCE earns above the IRS limit.' },
  links: { popImplementationGuide: '/docs/pop.pdf', employeeQuickReferenceGuide: '/docs/quick.pdf' },
  videoIds: { ndtWalkthrough: 'abc123' },
};

afterEach(cleanup);

describe('/tutorials/ndt', () => {
  it('shows the configured definitions, guide links and videos', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /system-message/config/app': { body: config } });
    renderShell('/tutorials/ndt');
    expect(await screen.findByText(config.definitions.keyEmployee)).toBeTruthy();
    expect(screen.getByText(config.definitions.hce)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'POP Implementation Guide' }).getAttribute('href')).toBe(
      '/docs/pop.pdf',
    );
    expect(screen.getByRole('link', { name: 'Employee Quick Reference Guide' }).getAttribute('href')).toBe(
      '/docs/quick.pdf',
    );
    expect(screen.getByRole('link', { name: 'Ndt walkthrough' }).getAttribute('href')).toBe(
      'https://www.youtube.com/watch?v=abc123',
    );
  });

  it('without videos shows no video section', async () => {
    stubFetch({
      'GET /bff/user': { body: broker },
      'GET /system-message/config/app': { body: { ...config, videoIds: {} } },
    });
    renderShell('/tutorials/ndt');
    await screen.findByText(config.definitions.keyEmployee);
    expect(screen.queryByRole('heading', { name: 'Videos' })).toBeNull();
  });
});
