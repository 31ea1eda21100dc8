import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, within } from '@testing-library/react';
import { NDT_DEFINITION_TEMPLATES } from 'shared-domain';
import { NdtDefinitions } from './NdtDefinitions.js';

const heading = { level: 3, className: 'h5' } as const;
const plan2026 = { start: '2026-01-01', end: '2026-12-31' };

/** The definitions' terms and texts, in order. */
function terms() {
  const list = within(screen.getByRole('region', { name: 'Definitions' }));
  return {
    terms: list.getAllByRole('term').map((term) => term.textContent),
    texts: list.getAllByRole('definition').map((text) => text.textContent ?? ''),
  };
}

describe('NdtDefinitions', () => {
  afterEach(cleanup);

  it('states one HCE and one key-employee definition, with officers and the plan year’s limits', () => {
    render(
      <NdtDefinitions definitions={{ ...NDT_DEFINITION_TEMPLATES }} planYear={plan2026} heading={heading} />,
    );
    const { terms: names, texts } = terms();
    expect(names).toEqual(['Highly compensated employee (HCE)', 'Key employee']);
    const [hce, keyEmployee] = texts;
    expect(hce).toMatch(/^A highly compensated employee \(HCE\) is an officer, an owner of more than 5%/);
    expect(hce).toContain(
      'paid more than $160,000 in the year before the plan year (the IRS limit for 2025 pay)',
    );
    expect(hce).toContain('spouse or dependent');
    expect(keyEmployee).toMatch(
      /^A key employee is an officer paid more than \$235,000 \(the IRS limit for 2026;/,
    );
    expect(keyEmployee).toContain('owns more than 5%, or owns more than 1% with compensation over $150,000');
    expect(screen.getAllByText(/A key employee is/)).toHaveLength(1);
    expect(screen.getAllByText(/A highly compensated employee/)).toHaveLength(1);
    expect(screen.getByText('The amounts are those for the plan year 01/01/2026 - 12/31/2026.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Definitions' })).toBeTruthy();
  });

  it('fills a configured template’s placeholders, and adds the note', () => {
    render(
      <NdtDefinitions
        definitions={{
          hce: 'An HCE earned over {hcePayLimit} in {hcePayYear}.',
          keyEmployee: 'Officers over {officerLimit}.',
        }}
        planYear={{ start: '2026-07-01', end: '2027-06-30' }}
        note="Yours may differ."
        heading={heading}
      />,
    );
    expect(terms().texts).toEqual(['An HCE earned over $160,000 in 2025.', 'Officers over $235,000.']);
    expect(
      screen.getByText('The amounts are those for the plan year 07/01/2026 - 06/30/2027. Yours may differ.'),
    ).toBeTruthy();
  });

  it('states shared-domain’s texts while none is configured (not loaded, or blank)', () => {
    render(<NdtDefinitions definitions={undefined} planYear={plan2026} heading={heading} />);
    expect(terms().texts[1]).toContain('an officer paid more than $235,000');
    cleanup();
    render(
      <NdtDefinitions definitions={{ hce: '', keyEmployee: ' ' }} planYear={plan2026} heading={heading} />,
    );
    expect(terms().texts[0]).toContain('is an officer');
  });
});
