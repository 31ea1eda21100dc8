import { describe, expect, it } from '@jest/globals';
import {
  calendarPlanYearOf,
  isHce,
  isKeyEmployee,
  NDT_DEFINITION_TEMPLATES,
  NDT_LIMITS,
  ndtDefinitions,
  ndtLimitsFor,
  ndtLimitsRow,
  renderDefinition,
} from '../index.js';

/** The limits table and the one text of each definition (non-discrimination-testing.md, "Who is who"). */
describe('the limits table', () => {
  it('holds 2025, 2026 and 2027 by the calendar year the rule names', () => {
    expect(NDT_LIMITS[2024]).toEqual({ hcePay: 155_000, officerPay: 220_000 });
    expect(NDT_LIMITS[2025]).toEqual({ hcePay: 160_000, officerPay: 230_000 });
    expect(NDT_LIMITS[2026]).toEqual({ hcePay: 160_000, officerPay: 235_000 });
    // Until the IRS publishes the 2027 figures: the last published ones.
    expect(NDT_LIMITS[2027]).toEqual({ hcePay: 160_000, officerPay: 235_000 });
  });

  it('a year outside the table uses the nearest row', () => {
    expect(ndtLimitsRow(2019)).toEqual(NDT_LIMITS[2024]);
    expect(ndtLimitsRow(2035)).toEqual(NDT_LIMITS[2027]);
  });
});

describe('ndtLimitsFor', () => {
  it('a calendar plan year: HCE by the prior year’s pay, the officer limit of the same calendar year', () => {
    expect(ndtLimitsFor('2025-01-01', '2025-12-31')).toEqual({
      hce: { payYear: 2024, limit: 155_000 },
      officer: { year: 2025, limit: 230_000 },
    });
    expect(ndtLimitsFor('2026-01-01', '2026-12-31')).toEqual({
      hce: { payYear: 2025, limit: 160_000 },
      officer: { year: 2026, limit: 235_000 },
    });
    expect(ndtLimitsFor('2027-01-01', '2027-12-31')).toEqual({
      hce: { payYear: 2026, limit: 160_000 },
      officer: { year: 2027, limit: 235_000 },
    });
  });

  it('a fiscal plan year: the look-back year begins the year before the start, the officer year is the end’s', () => {
    expect(ndtLimitsFor('2026-07-01', '2027-06-30')).toEqual({
      hce: { payYear: 2025, limit: 160_000 },
      officer: { year: 2027, limit: 235_000 },
    });
    // The officer limit of the calendar year the plan year ends in, not the one it starts in.
    expect(ndtLimitsFor('2025-07-01', '2026-06-30').officer).toEqual({ year: 2026, limit: 235_000 });
  });

  it('refuses a text that is not a date', () => {
    expect(() => ndtLimitsFor('07/01/2026', '2027-06-30')).toThrow('not an ISO date');
  });
});

describe('who is who', () => {
  const plan2025 = ndtLimitsFor('2025-01-01', '2025-12-31');
  const plan2026 = ndtLimitsFor('2026-01-01', '2026-12-31');

  it('an HCE: an officer, an owner of more than 5%, paid over the prior year’s limit, or family', () => {
    expect(isHce({ priorYearCompensation: 155_001 }, plan2025)).toBe(true);
    expect(isHce({ priorYearCompensation: 155_001 }, plan2026)).toBe(false);
    expect(isHce({ priorYearCompensation: 160_001 }, plan2026)).toBe(true);
    expect(isHce({ officer: true }, plan2026)).toBe(true);
    expect(isHce({ familyOfHce: true }, plan2026)).toBe(true);
    expect(isHce({ ownershipPercent: 5.1 }, plan2026)).toBe(true);
    expect(isHce({ ownershipPercent: 5 }, plan2026)).toBe(false);
  });

  it('a key employee: an officer over the officer limit, an owner of more than 5%, or of more than 1% over $150,000', () => {
    expect(isKeyEmployee({ officer: true, compensation: 230_001 }, plan2025)).toBe(true);
    expect(isKeyEmployee({ officer: true, compensation: 230_001 }, plan2026)).toBe(false);
    expect(isKeyEmployee({ officer: true, compensation: 235_001 }, plan2026)).toBe(true);
    expect(isKeyEmployee({ ownershipPercent: 5.5 }, plan2026)).toBe(true);
    expect(isKeyEmployee({ ownershipPercent: 2, compensation: 150_001 }, plan2026)).toBe(true);
    expect(isKeyEmployee({ ownershipPercent: 2, compensation: 150_000 }, plan2026)).toBe(false);
  });
});

describe('the definitions', () => {
  it('render the default templates with a plan year’s limits', () => {
    expect(ndtDefinitions(undefined, '2026-01-01', '2026-12-31')).toEqual({
      hce:
        'A highly compensated employee (HCE) is an officer, an owner of more than 5%, an employee paid more ' +
        'than $160,000 in the year before the plan year (the IRS limit for 2025 pay), or the spouse or ' +
        'dependent of any of these.',
      keyEmployee:
        'A key employee is an officer paid more than $235,000 (the IRS limit for 2026; at most 50 officers ' +
        'count), or an employee who owns more than 5%, or owns more than 1% with compensation over $150,000.',
    });
  });

  it('keep the specs’ key-employee words, with the officer rule', () => {
    expect(NDT_DEFINITION_TEMPLATES.keyEmployee).toContain(
      'owns more than 5%, or owns more than 1% with compensation over $150,000',
    );
    expect(NDT_DEFINITION_TEMPLATES.keyEmployee).toMatch(/^A key employee is an officer paid more than/);
    expect(NDT_DEFINITION_TEMPLATES.hce).toMatch(/an officer.*spouse or dependent/);
  });

  it('a fiscal plan year states the look-back pay year and the officer year', () => {
    const { hce, keyEmployee } = ndtDefinitions(undefined, '2026-07-01', '2027-06-30');
    expect(hce).toContain('more than $160,000 in the year before the plan year (the IRS limit for 2025 pay)');
    expect(keyEmployee).toContain('more than $235,000 (the IRS limit for 2027;');
  });

  it('use the configured templates, the default one for a missing or blank text', () => {
    const configured = ndtDefinitions(
      { hce: 'HCE: over {hcePayLimit} of {hcePayYear} pay; {unknown} stays.', keyEmployee: '  ' },
      '2025-01-01',
      '2025-12-31',
    );
    expect(configured.hce).toBe('HCE: over $155,000 of 2024 pay; {unknown} stays.');
    expect(configured.keyEmployee).toContain('more than $230,000 (the IRS limit for 2025;');
  });

  it('renderDefinition fills every placeholder, each time it appears', () => {
    expect(
      renderDefinition(
        '{officerLimit}/{officerYear} {hcePayLimit}/{hcePayYear} {officerYear}',
        ndtLimitsFor('2027-01-01', '2027-12-31'),
      ),
    ).toBe('$235,000/2027 $160,000/2026 2027');
  });

  it('the calendar plan year containing a day', () => {
    expect(calendarPlanYearOf('2026-11-03')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });
});
