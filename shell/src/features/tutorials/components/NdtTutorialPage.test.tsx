import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import {
  calendarPlanYearOf,
  formatIsoDate,
  NDT_DEFINITION_TEMPLATES,
  NDT_QUESTIONS,
  ndtDefinitions,
  productToday,
} from 'shared-domain';
import { broker, stubFetch } from 'shared-ui/testing';
import { renderShell } from '../../../testing/render-shell.js';
import { type AppConfig } from 'shared-ui';

const config: AppConfig = {
  // As migration 0025 stores them: shared-domain's templates.
  definitions: { ...NDT_DEFINITION_TEMPLATES },
  links: {
    popImplementationGuide: '/guides/pop-implementation-guide.pdf',
    employeeQuickReferenceGuide: 'https://example.com/quick.pdf',
  },
  videoIds: { ndtWalkthrough: 'abc123' },
  support: { phone: '', email: '' },
};

afterEach(cleanup);

describe('/tutorials/ndt', () => {
  it('shows one HCE and one key-employee definition, with officers and this calendar year’s limits', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /system-message/config/app': { body: config } });
    renderShell('/tutorials/ndt');
    const planYear = calendarPlanYearOf(productToday());
    const expected = ndtDefinitions(config.definitions, planYear.start, planYear.end);
    const section = within(await screen.findByRole('region', { name: 'Definitions' }));
    expect(section.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Highly compensated employee (HCE)',
      'Key employee',
    ]);
    expect(section.getAllByRole('definition').map((text) => text.textContent)).toEqual([
      expected.hce,
      expected.keyEmployee,
    ]);
    expect(expected.hce).toMatch(/^A highly compensated employee \(HCE\) is an officer,/);
    expect(expected.keyEmployee).toMatch(
      /^A key employee is an officer paid more than \$\d{3},\d{3} \(the IRS limit for \d{4};/,
    );
    // Exactly one of each on the whole page.
    expect(screen.getAllByText(/key employee is/i)).toHaveLength(1);
    expect(screen.getAllByText(/highly compensated employee \(HCE\) is/i)).toHaveLength(1);
    // Which plan year the figures are for.
    expect(
      section.getByText(
        `The amounts are those for the plan year ${formatIsoDate(planYear.start)} - ${formatIsoDate(planYear.end)}. ` +
          'That is the calendar year containing today; the test’s instructions state the amounts of your document’s own plan year.',
      ),
    ).toBeTruthy();
  });

  it('shows the configured guide links and videos', async () => {
    stubFetch({ 'GET /bff/user': { body: broker }, 'GET /system-message/config/app': { body: config } });
    renderShell('/tutorials/ndt');
    expect(await screen.findByRole('link', { name: 'POP Implementation Guide' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'POP Implementation Guide' }).getAttribute('href')).toBe(
      '/guides/pop-implementation-guide.pdf',
    );
    expect(screen.getByRole('link', { name: 'Employee Quick Reference Guide' }).getAttribute('href')).toBe(
      'https://example.com/quick.pdf',
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
    await screen.findByRole('link', { name: 'POP Implementation Guide' });
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
