import { useState, type CSSProperties, type ReactNode } from 'react';
import { Form } from '../bootstrap.js';
import { Pagination } from '../components/Pagination.js';
import { useDebouncedValue } from '../hooks/use-debounced-value.js';
import { EmptyState, LoadingState } from '../page/states.js';

/**
 * A searchable, paged list's state: what is typed, the search it settles into once typing pauses
 * (`debounceMs`), and the page, which belongs to one search (a new search starts again at page 1).
 */
export function usePagedSearch(debounceMs = 300) {
  const [searchInput, setSearchInput] = useState('');
  const searchText = useDebouncedValue(searchInput.trim(), debounceMs);
  const [paging, setPaging] = useState({ searchText, page: 1 });
  const page = paging.searchText === searchText ? paging.page : 1;
  return {
    searchInput,
    setSearchInput,
    searchText,
    page,
    setPage: (next: number) => setPaging({ searchText, page: next }),
  };
}

/** The search box of a list: a labelled search field. */
export function SearchBox({
  value,
  onChange,
  placeholder,
  label,
  style,
  className = 'my-3',
}: {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  /** Its accessible name (the placeholder when not given). */
  label?: string;
  style?: CSSProperties;
  className?: string;
}) {
  return (
    <Form.Control
      type="search"
      className={className}
      style={style ?? { maxWidth: '24rem' }}
      placeholder={placeholder}
      aria-label={label ?? placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

export interface PagedListProps<T> {
  /** The page's rows; undefined while the first answer is on its way. */
  items: T[] | undefined;
  page: number;
  pages: number | undefined;
  onPageChange(page: number): void;
  /** What an empty page says (the specs' text: 'No orders found', …). */
  emptyText: string;
  /** What is told while loading. */
  busyLabel?: string;
  children(items: T[]): ReactNode;
}

/**
 * The list kit: busy until the first answer, the empty text when a page has no rows, the rows, and
 * the shared Pagination (5 margin pages, First and Last, start page 1) below them.
 */
export function PagedList<T>({
  items,
  page,
  pages,
  onPageChange,
  emptyText,
  busyLabel = 'Loading',
  children,
}: PagedListProps<T>) {
  if (items === undefined) return <LoadingState label={busyLabel} />;
  return (
    <>
      {items.length === 0 ? <EmptyState>{emptyText}</EmptyState> : children(items)}
      <Pagination page={page} pages={pages ?? 0} onChange={onPageChange} />
    </>
  );
}
