import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, screen, within } from '@testing-library/react';
import { Formik } from 'shared-ui/forms';
import { NDT_DEFINITION_TEMPLATES } from 'shared-domain';
import type { AppConfig } from 'shared-ui';
import { broker, renderAt, stubFetch } from 'shared-ui/testing';
import { NdtInstructions } from './NdtInstructions.js';

afterEach(cleanup);

/** The app configuration as migration 0025 stores it: shared-domain's templates. */
const CONFIG: AppConfig = {
  definitions: { ...NDT_DEFINITION_TEMPLATES },
  links: { popImplementationGuide: '', employeeQuickReferenceGuide: '' },
  videoIds: {},
  support: { phone: '', email: '' },
};

function open(planYear: { start: string; end: string }, config: AppConfig = CONFIG) {
  const stub = stubFetch({
    'GET /bff/user': { body: broker },
    'GET /system-message/config/app': { body: config },
  });
  renderAt(
    '/',
    <Formik initialValues={{ name: '' }} onSubmit={() => undefined}>
      <NdtInstructions
        planYearStart={planYear.start}
        planYearEnd={planYear.end}
        blocked={null}
        onNext={() => undefined}
      />
    </Formik>,
  );
  return stub;
}

const definitions = () => within(screen.getByRole('region', { name: 'Definitions' }));

describe('the NDT instructions', () => {
  it('state one HCE and one key-employee definition, with officers and the plan year’s limits', async () => {
    const stub = open({ start: '2026-01-01', end: '2026-12-31' });
    await screen.findByRole('heading', { name: 'Instructions' });
    expect(stub.calls.some((call) => call.url.includes('/system-message/config/app'))).toBe(true);

    // One definition of each on the whole page: no second key-employee sentence among the rules.
    expect(screen.getAllByText(/key employee is/i)).toHaveLength(1);
    expect(screen.getAllByText(/highly compensated employee \(HCE\) is/i)).toHaveLength(1);
    expect(
      definitions()
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Highly compensated employee (HCE)', 'Key employee']);
    const [hce, keyEmployee] = definitions()
      .getAllByRole('definition')
      .map((text) => text.textContent ?? '');
    expect(hce).toMatch(/^A highly compensated employee \(HCE\) is an officer, an owner of more than 5%/);
    expect(hce).toContain('more than $160,000 in the year before the plan year (the IRS limit for 2025 pay)');
    expect(hce).toContain('or the spouse or dependent of any of these.');
    // The specs' ownership rules, word for word, with the officer rule the domain note adds.
    expect(keyEmployee).toMatch(
      /^A key employee is an officer paid more than \$235,000 \(the IRS limit for 2026;/,
    );
    expect(keyEmployee).toContain('owns more than 5%, or owns more than 1% with compensation over $150,000');
    expect(screen.getByText('The amounts are those for the plan year 01/01/2026 - 12/31/2026.')).toBeTruthy();

    // The other rules the specs quote.
    expect(screen.getByText(/at most 25% of the total benefits/)).toBeTruthy();
    expect(screen.getByText(/A 75% contribution test applies to major medical/)).toBeTruthy();
    expect(screen.getByText(/qualified benefit up to \$50,000/)).toBeTruthy();
    expect(screen.getByText(/within 3 years of hire/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it('a fiscal plan year: the HCE limit of the pay year before it, the officer limit of the year it ends in', async () => {
    open({ start: '2026-07-01', end: '2027-06-30' });
    await screen.findByRole('heading', { name: 'Instructions' });
    const [hce, keyEmployee] = definitions()
      .getAllByRole('definition')
      .map((text) => text.textContent ?? '');
    expect(hce).toContain('(the IRS limit for 2025 pay)');
    expect(keyEmployee).toContain('more than $235,000 (the IRS limit for 2027;');
    expect(screen.getByText('The amounts are those for the plan year 07/01/2026 - 06/30/2027.')).toBeTruthy();
  });

  it('state the configured texts once they are loaded, filled for the plan year', async () => {
    open(
      { start: '2025-01-01', end: '2025-12-31' },
      {
        ...CONFIG,
        definitions: {
          hce: 'Configured: an HCE is an officer, or was paid over {hcePayLimit} in {hcePayYear}.',
          keyEmployee: 'Configured: a key employee is an officer paid over {officerLimit} in {officerYear}.',
        },
      },
    );
    expect(
      await screen.findByText('Configured: an HCE is an officer, or was paid over $155,000 in 2024.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Configured: a key employee is an officer paid over $230,000 in 2025.'),
    ).toBeTruthy();
    expect(screen.getAllByText(/key employee is/i)).toHaveLength(1);
  });
});
