import { formatMoney } from 'shared-ui';

/**
 * How the results table names and shows the figures a row used (the server's `figures`: entered and
 * computed numbers, percentages as 0–100, null where undefined, such as a ratio without eligible HCEs).
 */
type Kind = 'count' | 'money' | 'percent' | 'number';

const FIGURES: Readonly<Record<string, { label: string; kind: Kind }>> = {
  totalNonHces: { label: 'Total non-HCEs', kind: 'count' },
  eligibleNonHces: { label: 'Eligible non-HCEs', kind: 'count' },
  totalHces: { label: 'Total HCEs', kind: 'count' },
  eligibleHces: { label: 'Eligible HCEs', kind: 'count' },
  ratio: { label: 'Ratio percentage', kind: 'percent' },
  C: { label: 'Non-HCE share of employees', kind: 'percent' },
  excess: { label: 'Points above 60', kind: 'number' },
  safe: { label: 'Safe harbor', kind: 'percent' },
  unsafe: { label: 'Unsafe harbor', kind: 'percent' },
  grossCompensationHces: { label: 'Gross compensation of HCEs', kind: 'money' },
  grossCompensationNonHces: { label: 'Gross compensation of non-HCEs', kind: 'money' },
  participatingHces: { label: 'Participating HCEs', kind: 'count' },
  participatingNonHces: { label: 'Participating non-HCEs', kind: 'count' },
  averagePayHces: { label: 'Average pay per participating HCE', kind: 'money' },
  averagePayNonHces: { label: 'Average pay per participating non-HCE', kind: 'money' },
  hceRate: { label: 'HCE participation rate', kind: 'percent' },
  nonHceRate: { label: 'Non-HCE participation rate', kind: 'percent' },
  totalCostOfBenefits: { label: 'Total cost of benefits', kind: 'money' },
  totalCostKeyEmployees: { label: 'Cost of benefits for key employees', kind: 'money' },
  keyEmployeeShare: { label: 'Key employees’ share', kind: 'percent' },
};

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

function formatFigure(kind: Kind, value: number | null): string {
  if (value === null) return 'not defined';
  if (kind === 'money') return formatMoney(value);
  if (kind === 'percent') return `${number(value)}%`;
  return number(value);
}

/** A row's figures as label and text, in the server's order; a figure we do not know keeps its name. */
export function describeFigures(figures: Record<string, number | null>) {
  return Object.entries(figures).map(([name, value]) => {
    const known = FIGURES[name];
    return {
      name,
      label: known?.label ?? name,
      text: formatFigure(known?.kind ?? 'number', value),
    };
  });
}
