import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Pagination } from './Pagination.js';

/** The page numbers shown, read from their accessible names ('Page 7'). */
const pageLabels = () =>
  screen.getAllByLabelText(/^Page \d+$/).map((element) => element.getAttribute('aria-label')?.slice(5));

describe('Pagination', () => {
  afterEach(cleanup);

  it('shows the current page with five margin pages on each side, plus First and Last', () => {
    render(<Pagination page={10} pages={30} onChange={() => undefined} />);
    expect(pageLabels()).toEqual(['5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15']);
    expect(screen.getByText('First')).toBeTruthy();
    expect(screen.getByText('Last')).toBeTruthy();
  });

  it('starts at page 1 by default and clips the margin at the ends', () => {
    render(<Pagination pages={3} onChange={() => undefined} />);
    expect(pageLabels()).toEqual(['1', '2', '3']);
    expect(screen.getByLabelText('Page 1').closest('[aria-current="page"]')).toBeTruthy();
  });

  it('reports the chosen page, and Last goes to the last page', () => {
    const onChange = jest.fn();
    render(<Pagination page={1} pages={12} onChange={onChange} />);
    fireEvent.click(screen.getByText('4'));
    fireEvent.click(screen.getByText('Last'));
    expect(onChange.mock.calls).toEqual([[4], [12]]);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} pages={1} onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});
