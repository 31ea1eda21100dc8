import { describe, expect, it } from '@jest/globals';
import { evaluateNdt } from './evaluate.js';
import {
  isFailedRow,
  isNotNeededRow,
  isOldShapeResult,
  ndtRemedies,
  ndtRemedyLine,
  ndtSafeHarborSentence,
  type NdtStoredRow,
} from './result-texts.js';

const row = (step: string, pass: boolean, extra: Partial<NdtStoredRow> = {}): NdtStoredRow => ({
  step,
  question: `Question ${step}`,
  answer: null,
  figures: {},
  pass,
  why: `Why ${step}`,
  ...extra,
});

describe('how a stored result is told (the results page and the results PDF)', () => {
  it('lists each failed, counted row’s remedy once, with the steps it answers', () => {
    const rows = [
      row('1', false, { needed: true, remedy: 'Shorten the wait.' }),
      row('2', false, { needed: false, remedy: null }),
      row('3a', false, { needed: true, remedy: 'Shorten the wait.' }),
      row('7', false, { needed: true, remedy: 'Lower the key employees’ share.' }),
      row('5', true, { needed: true, remedy: null }),
    ];
    expect(rows.filter(isFailedRow).map((entry) => entry.step)).toEqual(['1', '3a', '7']);
    expect(rows.filter(isNotNeededRow).map((entry) => entry.step)).toEqual(['2']);
    expect(ndtRemedies(rows).map(ndtRemedyLine)).toEqual([
      'Steps 1, 3a: Shorten the wait.',
      'Step 7: Lower the key employees’ share.',
    ]);
  });

  it('tells a result stored before issue 22 by its rows (no citation, no need), which all count', () => {
    const old = [row('1', true), row('6', false)];
    expect(isOldShapeResult(old)).toBe(true);
    expect(old.filter(isFailedRow).map((entry) => entry.step)).toEqual(['6']);
    expect(ndtRemedies(old)).toEqual([]);
    const now = evaluateNdt({ ndtAnswer1: true, ndtAnswer2: true, ndtAnswer3: true, ndtAnswer4: true });
    expect(isOldShapeResult(now.results)).toBe(false);
  });

  it('cites §1.125-7(f) in the safe-harbor sentence, and names the Not needed rows only when there are some', () => {
    expect(ndtSafeHarborSentence(false)).toMatch(
      /\(Prop\. Treas\. Reg\. §1\.125-7\(f\)\).*every nondiscrimination test\.$/,
    );
    expect(ndtSafeHarborSentence(true)).toMatch(/; the steps marked Not needed did not decide the result\.$/);
  });
});
