import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { NDT_QUESTIONS } from 'shared-domain';
import { storedResult } from '../test-fixtures.js';
import { NdtResults } from './NdtResults.js';

afterEach(cleanup);

/** The domain note's worked example (16 non-HCEs, 12 eligible; 4 HCEs, all eligible): ratio 75 passes. */
const workedExample = {
  name: 'Pat Doe',
  ndtAnswer1: true,
  ndtAnswer2: true,
  ndtAnswer3: false,
  ndtAnswer3a: true,
  eligibleNonHces: 12,
  totalNonHces: 16,
  eligibleHces: 4,
  totalHces: 4,
  ndtAnswer4: false,
  ndtAnswer5: true,
  ndtAnswer6: true,
  totalCostOfBenefits: 100_000,
  totalCostKeyEmployees: 25_000,
};

const rowOf = (step: string) =>
  within(screen.getByRole('table', { name: 'Test results' })).getByRole('row', {
    name: new RegExp(`^${step} `),
  });

describe('the NDT results', () => {
  it('a Pass is green, with every sub-answer: step, question, answer or figures, and why', () => {
    render(<NdtResults result={storedResult(workedExample)} />);
    const verdict = screen.getByText('Pass');
    expect(verdict.className).toContain('text-success');
    expect(verdict.className).not.toContain('text-danger');

    const rows = within(screen.getByRole('table', { name: 'Test results' })).getAllByRole('row');
    // A header row and the nine steps of this branch (no 5a: step 5 was yes).
    expect(rows.map((row) => row.querySelector('th')?.textContent ?? '')).toEqual([
      'Step',
      '1',
      '2',
      '3',
      '3a',
      '3b',
      '4',
      '5',
      '6',
      '7',
    ]);
    const step1 = rowOf('1');
    expect(step1.textContent).toContain(NDT_QUESTIONS['1']);
    expect(within(step1).getByText('Yes')).toBeTruthy();
    expect(step1.textContent).toContain('Every employee can enter within 3 years of hire');
    expect(within(rowOf('3')).getByText('No')).toBeTruthy();

    // The figures a computed row used, named and formatted.
    const ratio = rowOf('3b');
    for (const [label, text] of [
      ['Total non-HCEs', '16'],
      ['Eligible non-HCEs', '12'],
      ['Ratio percentage', '75%'],
      ['Non-HCE share of employees', '80%'],
      ['Safe harbor', '35%'],
    ] as const) {
      expect(within(ratio).getByText(label).nextElementSibling?.textContent).toBe(text);
    }
    expect(ratio.textContent).toContain('The ratio 75 is at or above the safe harbor of 35.');
    const keyEmployees = rowOf('7');
    expect(within(keyEmployees).getByText('Total cost of benefits').nextElementSibling?.textContent).toBe(
      '$100,000.00',
    );
    expect(within(keyEmployees).getByText('Key employees’ share').nextElementSibling?.textContent).toBe(
      '25%',
    );
    expect(screen.queryByText('Fails')).toBeNull();

    expect(screen.getByText('demo.broker (Pat Doe)')).toBeTruthy();
    expect(screen.getByText('05/04/2026')).toBeTruthy();
    expect(screen.getByText(/print these results and retain them/)).toBeTruthy();
    expect(screen.getByText(/an aid, not legal advice/)).toBeTruthy();
  });

  it('a Fail is red, and the failing row is marked with its why', () => {
    render(
      <NdtResults
        result={storedResult({
          ...workedExample,
          eligibleNonHces: 1,
          totalNonHces: 5,
          eligibleHces: 5,
          totalHces: 5,
        })}
      />,
    );
    const verdict = screen.getByText('Fail');
    expect(verdict.className).toContain('text-danger');
    const ratio = rowOf('3b');
    expect(ratio.className).toContain('table-danger');
    expect(within(ratio).getByText('Fails')).toBeTruthy();
    expect(ratio.textContent).toContain('The ratio 20 is below the unsafe harbor of 40.');
    expect(rowOf('1').className).not.toContain('table-danger');
    expect(screen.getAllByText('Fails')).toHaveLength(1);
  });

  it('Print prints the page; Take a new test shows only when offered', () => {
    const print = jest.fn();
    window.print = print;
    const onNewTest = jest.fn();
    const { rerender } = render(<NdtResults result={storedResult(workedExample)} onNewTest={onNewTest} />);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Take a new test' }));
    expect(onNewTest).toHaveBeenCalledTimes(1);

    rerender(<NdtResults result={storedResult(workedExample)} />);
    expect(screen.queryByRole('button', { name: 'Take a new test' })).toBeNull();
  });

  it('brings its print stylesheet: navigation and buttons are left off the paper', () => {
    const { container } = render(<NdtResults result={storedResult(workedExample)} />);
    const css = container.querySelector('style')?.textContent ?? '';
    expect(css).toMatch(/@media print\s*{\s*nav,\s*button,/);
    expect(css).toContain('display: none !important');
  });
});
