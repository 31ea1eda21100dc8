import { formatMoney } from '../money.js';

/**
 * How a results row's figures are named and shown (the server's `figures`: entered and computed
 * numbers, percentages as 0–100, null where undefined, such as a ratio without eligible HCEs): one
 * table and one formatting for the results page and the results PDF.
 */
export type NdtFigureKind = 'count' | 'money' | 'percent' | 'number';

export const NDT_FIGURE_LABELS: Readonly<Record<string, { label: string; kind: NdtFigureKind }>> = {
  totalNonHces: { label: 'Total non-HCEs', kind: 'count' },
  eligibleNonHces: { label: 'Eligible non-HCEs', kind: 'count' },
  totalHces: { label: 'Total HCEs', kind: 'count' },
  eligibleHces: { label: 'Eligible HCEs', kind: 'count' },
  ratio: { label: 'Ratio percentage', kind: 'percent' },
  C: { label: 'Non-HCE share of employees', kind: 'percent' },
  excess: { label: 'Points above 60', kind: 'number' },
  safe: { label: 'Safe harbor', kind: 'percent' },
  unsafe: { label: 'Unsafe harbor', kind: 'percent' },
  // Step 5a: per group, the participants, their pay and the benefits they elect (§1.125-7(c)(2)).
  participatingHces: { label: 'Participating HCEs', kind: 'count' },
  participatingNonHces: { label: 'Participating non-HCEs', kind: 'count' },
  grossCompensationHces: { label: 'Total pay of participating HCEs', kind: 'money' },
  grossCompensationNonHces: { label: 'Total pay of participating non-HCEs', kind: 'money' },
  benefitsElectedHces: { label: 'Benefits elected by participating HCEs', kind: 'money' },
  benefitsElectedNonHces: { label: 'Benefits elected by participating non-HCEs', kind: 'money' },
  hcePercent: { label: 'HCE benefits as a share of pay', kind: 'percent' },
  nonHcePercent: { label: 'Non-HCE benefits as a share of pay', kind: 'percent' },
  hceParticipationRate: { label: 'HCE participation rate', kind: 'percent' },
  nonHceParticipationRate: { label: 'Non-HCE participation rate', kind: 'percent' },
  averagePayHces: { label: 'Average pay per participating HCE', kind: 'money' },
  averagePayNonHces: { label: 'Average pay per participating non-HCE', kind: 'money' },
  // Stored before the utilization test compared benefits with pay: participation by head count.
  hceRate: { label: 'HCE participation rate', kind: 'percent' },
  nonHceRate: { label: 'Non-HCE participation rate', kind: 'percent' },
  totalCostOfBenefits: { label: 'Total cost of benefits', kind: 'money' },
  totalCostKeyEmployees: { label: 'Cost of benefits for key employees', kind: 'money' },
  keyEmployeeShare: { label: 'Key employees’ share', kind: 'percent' },
};

/**
 * Results stored before each row carried its citation: step 5a's gross compensation was then each
 * group's pay, not the participants', and is labelled as it was shown then.
 */
const OLD_SHAPE_LABELS: Readonly<Record<string, string>> = {
  grossCompensationHces: 'Gross compensation of HCEs',
  grossCompensationNonHces: 'Gross compensation of non-HCEs',
};

/** Limits that are not among a row's figures: test D's 25% (§125(b)(2)). */
const FIXED_LIMITS: Readonly<Record<string, readonly number[]>> = { keyEmployeeShare: [25] };

/** A name we have no label for, readable: `nonHceAveragePay` → "Non-HCE average pay". */
export function readableFigureName(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const acronym: Readonly<Record<string, string>> = { hce: 'HCE', hces: 'HCEs' };
  const out: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const following = acronym[words[index + 1] ?? ''];
    if (word === 'non' && following) {
      out.push(`non-${following}`);
      index += 1;
    } else out.push(acronym[word] ?? word);
  }
  const text = out.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a figure we have no label for most likely is, by its name. */
function kindByName(name: string): NdtFigureKind {
  if (/(percent|rate|share|ratio)$/i.test(name)) return 'percent';
  if (/(pay|compensation|cost|elected|amount)/i.test(name)) return 'money';
  return 'number';
}

/**
 * A number with 2 decimals, or as many more (up to 10) as it takes to keep it off a limit it is not
 * equal to and to show its distance to it, as the server's sentences do (the domain note: 21.495
 * against a safe harbor of 21.5 shows as 21.495, never 21.5; 25.005% against 25% as 25.005%).
 */
function numberText(value: number, limits: readonly number[]): string {
  let text = '';
  for (let digits = 2; digits <= 10; digits += 1) {
    text = value.toLocaleString('en-US', { maximumFractionDigits: digits });
    const shown = Number(text.replace(/,/g, ''));
    const tooClose = limits.some(
      (limit) => limit !== value && (shown === limit || Math.abs(value - limit) < 10 ** -digits),
    );
    if (!tooClose) break;
  }
  return text;
}

function formatFigure(kind: NdtFigureKind, value: number | null, limits: readonly number[]): string {
  if (value === null) return 'not defined';
  if (kind === 'money') return formatMoney(value);
  if (kind === 'percent') return `${numberText(value, limits)}%`;
  return numberText(value, limits);
}

/** One figure of a row as shown: its key, its label and its text ('$800,000.00', '5%', 'not defined'). */
export interface DescribedFigure {
  name: string;
  label: string;
  text: string;
}

/**
 * A row's figures as label and text, in the server's order; a figure we do not know is named readably
 * from its key. A percentage or number is never rounded onto another of the row's percentages or
 * numbers (its limit: the ratio's safe harbor, the other group's share) or onto a fixed limit.
 * `oldShape`: a result stored before rows carried their citation (labels as shown then).
 */
export function describeFigures(figures: Record<string, number | null>, oldShape = false): DescribedFigure[] {
  const kindOf = (name: string) => NDT_FIGURE_LABELS[name]?.kind ?? kindByName(name);
  const entries = Object.entries(figures);
  return entries.map(([name, value]) => {
    const kind = kindOf(name);
    const limits = [
      ...(FIXED_LIMITS[name] ?? []),
      ...entries
        .filter(([other, limit]) => other !== name && limit !== null && kindOf(other) === kind)
        .map(([, limit]) => limit as number),
    ];
    return {
      name,
      label:
        (oldShape ? OLD_SHAPE_LABELS[name] : undefined) ??
        NDT_FIGURE_LABELS[name]?.label ??
        readableFigureName(name),
      text: formatFigure(kind, value, limits),
    };
  });
}
