import { describe, expect, it } from '@jest/globals';
import { describeFigures, readableFigureName as readableName } from './figure-labels.js';

const textOf = (figures: Record<string, number | null>, name: string, oldShape = false) =>
  describeFigures(figures, oldShape).find((figure) => figure.name === name)?.text;

describe('the figures of a results row', () => {
  it('are labelled and formatted by kind, in the server’s order', () => {
    expect(
      describeFigures({
        participatingHces: 1,
        grossCompensationHces: 800_000,
        benefitsElectedHces: 40_000,
        hcePercent: 5,
        hceParticipationRate: 50,
        averagePayHces: 800_000,
        ratio: null,
      }),
    ).toEqual([
      { name: 'participatingHces', label: 'Participating HCEs', text: '1' },
      { name: 'grossCompensationHces', label: 'Total pay of participating HCEs', text: '$800,000.00' },
      { name: 'benefitsElectedHces', label: 'Benefits elected by participating HCEs', text: '$40,000.00' },
      { name: 'hcePercent', label: 'HCE benefits as a share of pay', text: '5%' },
      { name: 'hceParticipationRate', label: 'HCE participation rate', text: '50%' },
      { name: 'averagePayHces', label: 'Average pay per participating HCE', text: '$800,000.00' },
      { name: 'ratio', label: 'Ratio percentage', text: 'not defined' },
    ]);
  });

  it('a result stored before keeps the labels it was shown with', () => {
    const [pay] = describeFigures({ grossCompensationHces: 800_000 }, true);
    expect(pay?.label).toBe('Gross compensation of HCEs');
  });

  it('a figure we have no label for is named readably from its key, its kind guessed from its name', () => {
    expect(readableName('nonHceAveragePay')).toBe('Non-HCE average pay');
    expect(readableName('hcesWithoutPay')).toBe('HCEs without pay');
    expect(readableName('C')).toBe('C');
    expect(describeFigures({ nonHceEligibilityShare: 12.5, keyEmployeePay: 1000, officers: 3 })).toEqual([
      { name: 'nonHceEligibilityShare', label: 'Non-HCE eligibility share', text: '12.5%' },
      { name: 'keyEmployeePay', label: 'Key employee pay', text: '$1,000.00' },
      { name: 'officers', label: 'Officers', text: '3' },
    ]);
  });

  it('is never rounded onto a limit it is not equal to (the domain note)', () => {
    // The ratio against its safe harbor, the key employees’ share against 25%, one group’s share of pay
    // against the other’s.
    expect(textOf({ ratio: 21.495, safe: 21.5, unsafe: 20 }, 'ratio')).toBe('21.495%');
    expect(textOf({ ratio: 21.5, safe: 21.5 }, 'ratio')).toBe('21.5%');
    expect(textOf({ keyEmployeeShare: 25.005 }, 'keyEmployeeShare')).toBe('25.005%');
    expect(textOf({ keyEmployeeShare: 25.0000001 }, 'keyEmployeeShare')).toBe('25.0000001%');
    expect(textOf({ keyEmployeeShare: 25 }, 'keyEmployeeShare')).toBe('25%');
    expect(textOf({ hcePercent: 2.001, nonHcePercent: 2 }, 'hcePercent')).toBe('2.001%');
    // Away from any limit: 2 decimals.
    expect(textOf({ keyEmployeeShare: 33.333333 }, 'keyEmployeeShare')).toBe('33.33%');
    expect(textOf({ ratio: 21.495, safe: 35 }, 'ratio')).toBe('21.5%');
  });
});
