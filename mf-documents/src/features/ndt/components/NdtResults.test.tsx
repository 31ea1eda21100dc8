import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render as renderWithin, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'shared-ui/router';
import { NDT_CITATIONS, NDT_QUESTIONS } from 'shared-domain';
import { OLD_SHAPE_RESULT, storedResult, UTILIZATION_FAIL } from '../test-fixtures.js';
import { NdtResults } from './NdtResults.js';

afterEach(cleanup);

/** The results link to the tutorial: rendered inside a router, as on the page. */
const render = (ui: ReactElement) => renderWithin(ui, { wrapper: MemoryRouter });

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

/**
 * The note's worked test B: 2 HCEs (2 eligible), 8 non-HCEs (6 eligible, part-timers excluded), ratio 75
 * against a safe harbor of 35, premium-only, key employees 40% of the cost, step 2 answered no.
 */
const testB = {
  ndtAnswer1: true,
  ndtAnswer2: false,
  ndtAnswer3: false,
  ndtAnswer3a: true,
  totalNonHces: 8,
  eligibleNonHces: 6,
  totalHces: 2,
  eligibleHces: 2,
  ndtAnswer4: true,
  ndtAnswer5: true,
  ndtAnswer6: true,
  totalCostOfBenefits: 100_000,
  totalCostKeyEmployees: 40_000,
};

const table = () => screen.getByRole('table', { name: 'Test results' });
const rowOf = (step: string) => within(table()).getByRole('row', { name: new RegExp(`^${step} `) });
const verdict = () => document.querySelector('.ndt-verdict') as HTMLElement;
/** A figure's text beside its label, in a row. */
const figureIn = (row: HTMLElement, label: string) =>
  within(row).getByText(label).nextElementSibling?.textContent;
/** The row's own Pass, Fail or Not needed. */
const rowVerdict = (row: HTMLElement) => row.querySelectorAll('td')[2]?.textContent;

describe('the NDT results', () => {
  it('a Pass is green, with every sub-answer: step, question, answer or figures, Pass, why and citation', () => {
    render(<NdtResults result={storedResult(workedExample)} />);
    expect(verdict().textContent).toBe('Pass');
    expect(verdict().className).toContain('text-success');
    expect(verdict().className).not.toContain('text-danger');

    const rows = within(table()).getAllByRole('row');
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
    expect(step1.textContent).toContain(`Citation: ${NDT_CITATIONS['1']}`);
    expect(within(rowOf('3')).getByText('No')).toBeTruthy();
    // Each row's own verdict, green.
    for (const row of rows.slice(1)) {
      expect(rowVerdict(row)).toBe('Pass');
      expect(within(row).getByText('Pass').className).toContain('bg-success');
    }

    // The figures a computed row used, named and formatted.
    const ratio = rowOf('3b');
    for (const [label, text] of [
      ['Total non-HCEs', '16'],
      ['Eligible non-HCEs', '12'],
      ['Ratio percentage', '75%'],
      ['Non-HCE share of employees', '80%'],
      ['Safe harbor', '35%'],
    ] as const) {
      expect(figureIn(ratio, label)).toBe(text);
    }
    expect(ratio.textContent).toContain('The ratio 75 is at or above the safe harbor of 35.');
    expect(figureIn(rowOf('7'), 'Total cost of benefits')).toBe('$100,000.00');
    expect(figureIn(rowOf('7'), 'Key employees’ share')).toBe('25%');
    expect(screen.queryByText('Fail')).toBeNull();
    expect(screen.queryByText(/What you can change/)).toBeNull();
    expect(screen.queryByText('Not needed')).toBeNull();
    expect(document.querySelector('.ndt-safe-harbor')).toBeNull();

    expect(screen.getByText('demo.broker (Pat Doe)')).toBeTruthy();
    expect(screen.getByText('05/04/2026')).toBeTruthy();
    expect(screen.getByText(/print these results and retain them/)).toBeTruthy();
    expect(screen.getByText(/an aid, not legal advice/)).toBeTruthy();
  });

  it('test B passes under §1.125-7(f): the steps it did not need are marked so and do not count', () => {
    const onNewTest = jest.fn();
    render(<NdtResults result={storedResult(testB)} onNewTest={onNewTest} />);
    expect(verdict().textContent).toBe('Pass');
    expect(verdict().className).toContain('text-success');
    expect(
      screen.getByText(/premium-only safe harbor \(Prop\. Treas\. Reg\. §1\.125-7\(f\)\)/).textContent,
    ).toMatch(
      /deemed to pass every nondiscrimination test; the steps marked Not needed did not decide the result\./,
    );

    for (const step of ['1', '2', '3a', '5', '6', '7']) {
      const row = rowOf(step);
      expect(rowVerdict(row)).toBe('Not needed (premium-only safe harbor)');
      expect(row.className).toContain('table-secondary');
      expect(row.className).not.toContain('table-danger');
    }
    // Step 2 answered no and key employees at 40%: shown, but not counted, and nothing to change.
    expect(within(rowOf('2')).getByText('No')).toBeTruthy();
    expect(figureIn(rowOf('7'), 'Key employees’ share')).toBe('40%');
    for (const step of ['3', '3b', '4']) expect(rowVerdict(rowOf(step))).toBe('Pass');
    expect(rowOf('4').textContent).toContain(`Citation: ${NDT_CITATIONS['4']}`);
    expect(screen.queryByText('Fail')).toBeNull();
    expect(screen.queryByText(/What you can change/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Next step' })).toBeNull();
    // A Pass offers a new test, not "again".
    expect(screen.queryByRole('button', { name: 'Take the test again' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Take a new test' })).toBeTruthy();
  });

  it('a utilization Fail is red, its row says why, what the employer can change, and the next step', () => {
    const onNewTest = jest.fn();
    const onChangeAnswers = jest.fn();
    render(
      <NdtResults
        result={storedResult(UTILIZATION_FAIL)}
        onNewTest={onNewTest}
        onChangeAnswers={onChangeAnswers}
      />,
    );
    expect(verdict().textContent).toBe('Fail');
    expect(verdict().className).toContain('text-danger');

    const row = rowOf('5a');
    expect(row.className).toContain('table-danger');
    expect(rowVerdict(row)).toBe('Fail');
    expect(within(row).getByText('Fail').className).toContain('bg-danger');
    for (const [label, text] of [
      ['Total pay of participating HCEs', '$800,000.00'],
      ['Benefits elected by participating HCEs', '$40,000.00'],
      ['HCE benefits as a share of pay', '5%'],
      ['Non-HCE benefits as a share of pay', '2%'],
      ['HCE participation rate', '50%'],
      ['Non-HCE participation rate', '50%'],
      ['Average pay per participating HCE', '$800,000.00'],
      ['Average pay per participating non-HCE', '$160,000.00'],
    ] as const) {
      expect(figureIn(row, label)).toBe(text);
    }
    expect(row.textContent).toContain(`Citation: ${NDT_CITATIONS['5a']}`);
    const remedy = within(row).getByText('What you can change:').parentElement?.textContent ?? '';
    expect(remedy).toMatch(/^What you can change: Limit HCE elections/);
    // The only failed row: every other row passes, without a remedy.
    expect(within(table()).getAllByText('Fail')).toHaveLength(1);
    expect(within(table()).getAllByText('What you can change:')).toHaveLength(1);

    const next = screen.getByRole('region', { name: 'Next step' });
    const item = within(next).getByRole('listitem');
    expect(item.textContent).toBe(
      `Step 5a: ${remedy.replace(/^What you can change: /, '')}Change answers at step 5a`,
    );
    // Back to the failed step, the test's answers kept (NdtTesting.test.tsx walks it).
    fireEvent.click(within(item).getByRole('button', { name: 'Change answers at step 5a' }));
    expect(onChangeAnswers).toHaveBeenCalledWith('5a');
    expect(within(next).getByRole('link', { name: 'the NDT tutorial' }).getAttribute('href')).toBe(
      '/tutorials/ndt',
    );
    fireEvent.click(within(next).getByRole('button', { name: 'Take the test again' }));
    expect(onNewTest).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Take a new test' })).toBeNull();
  });

  it('a ratio Fail marks its row, with the remedy of more eligible non-HCEs', () => {
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
    expect(verdict().textContent).toBe('Fail');
    expect(verdict().className).toContain('text-danger');
    const ratio = rowOf('3b');
    expect(ratio.className).toContain('table-danger');
    expect(rowVerdict(ratio)).toBe('Fail');
    expect(ratio.textContent).toContain('The ratio 20 is below the unsafe harbor of 40.');
    expect(ratio.textContent).toMatch(/What you can change: Make more non-HCEs eligible/);
    expect(rowOf('1').className).not.toContain('table-danger');
    expect(within(table()).getAllByText('Fail')).toHaveLength(1);
    // Without onNewTest (the document may not be tested again): the remedies, no action.
    expect(within(screen.getByRole('region', { name: 'Next step' })).queryByRole('button')).toBeNull();
  });

  it('a result stored in the old shape (no citation, need or remedy) renders as it did', () => {
    const onNewTest = jest.fn();
    render(<NdtResults result={OLD_SHAPE_RESULT} onNewTest={onNewTest} />);
    expect(verdict().textContent).toBe('Fail');
    expect(within(table()).getAllByRole('row')).toHaveLength(11);
    const row = rowOf('5a');
    expect(row.className).toContain('table-danger');
    expect(rowVerdict(row)).toBe('Fail');
    expect(row.textContent).toContain('HCEs participate at 50%, more than the 0% of other employees.');
    // Its figures as they were labelled then.
    expect(figureIn(row, 'Gross compensation of HCEs')).toBe('$800,000.00');
    expect(figureIn(row, 'HCE participation rate')).toBe('50%');
    expect(figureIn(row, 'Average pay per participating non-HCE')).toBe('not defined');
    expect(screen.queryByText(/Citation:/)).toBeNull();
    expect(screen.queryByText('Not needed')).toBeNull();
    expect(screen.queryByText(/What you can change/)).toBeNull();
    // The next step without remedies: review, and the test again.
    const next = screen.getByRole('region', { name: 'Next step' });
    expect(next.textContent).toContain('Review the failed steps with your tax or legal advisor.');
    // Not offered without onChangeAnswers (the page offers it only when the document may be tested).
    expect(within(next).queryByRole('button', { name: /^Change answers/ })).toBeNull();
    fireEvent.click(within(next).getByRole('button', { name: 'Take the test again' }));
    expect(onNewTest).toHaveBeenCalledTimes(1);
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

  it('brings its print stylesheet: navigation and buttons are left off the paper, the marks keep colour', () => {
    const { container } = render(<NdtResults result={storedResult(workedExample)} />);
    const css = container.querySelector('style')?.textContent ?? '';
    expect(css).toMatch(/@media print\s*{\s*nav,\s*button,/);
    expect(css).toContain('display: none !important');
    expect(css).toMatch(/\.table-secondary,[^}]*print-color-adjust: exact/);
  });
});
