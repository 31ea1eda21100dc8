import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { PagedList, SearchBox, usePagedSearch } from './PagedList.js';

afterEach(cleanup);

describe('the list kit', () => {
  it('is busy before the first answer, says the empty text for an empty page, else renders the rows', () => {
    const list = (items: string[] | undefined) => (
      <PagedList
        items={items}
        page={1}
        pages={items?.length ? 3 : 0}
        onPageChange={() => undefined}
        emptyText="No orders found"
      >
        {(rows) => rows.map((row) => <p key={row}>{row}</p>)}
      </PagedList>
    );
    const { rerender } = render(list(undefined));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    rerender(list([]));
    expect(screen.getByText('No orders found')).toBeTruthy();
    rerender(list(['Order 1001', 'Order 1002']));
    expect(screen.getByText('Order 1002')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeTruthy();
  });

  it('a new search starts again at page 1, once typing pauses', async () => {
    const { result } = renderHook(() => usePagedSearch(20));
    act(() => result.current.setPage(4));
    expect(result.current.page).toBe(4);
    act(() => result.current.setSearchInput('  acme '));
    expect(result.current.searchText).toBe('');
    // Once the debounce has passed (waiting for it, not a fixed time a loaded machine overruns).
    await waitFor(() => expect(result.current.searchText).toBe('acme'));
    expect(result.current.page).toBe(1);
  });

  it('the search box is labelled by its placeholder', () => {
    let typed = '';
    render(<SearchBox value="" onChange={(value) => (typed = value)} placeholder="Search by company name" />);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by company name' }), {
      target: { value: 'a' },
    });
    expect(typed).toBe('a');
  });
});
