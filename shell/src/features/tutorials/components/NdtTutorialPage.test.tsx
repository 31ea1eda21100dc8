import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { NDT_QUESTIONS } from 'shared-domain';
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

  it('describes the wizard’s ten steps with its questions and branches', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /system-message/config/app': { body: config } });
    renderShell('/tutorials/ndt');
    const table = await screen.findByRole('table', { name: 'Testing steps' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('th')?.textContent ?? '')).toEqual([
      '1',
      '2',
      '3',
      '3a',
      '3b',
      '4',
      '5',
      '5a',
      '6',
      '7',
    ]);
    // The wizard's own wording, step by step.
    for (const [index, step] of (['1', '2', '3', '3a', '3b', '4', '5', '5a', '6', '7'] as const).entries()) {
      expect(rows[index]!.textContent).toContain(NDT_QUESTIONS[step]);
    }
    const branch = (step: number) => rows[step]!.querySelectorAll('td')[1]!.textContent;
    expect(branch(2)).toBe('Yes: step 4. No: steps 3a and 3b, then step 4.');
    expect(branch(5)).toBe('Steps 1 to 4 all yes: the test is submitted at once. Otherwise step 5.');
    expect(branch(6)).toBe('Yes: step 6. No: step 5a, then step 6.');
    expect(branch(9)).toContain('then Submit');
    expect(screen.getByText(/Pass in green\s+or Fail in red/)).toBeTruthy();
  });
});
