import { Pagination as BsPagination } from '../bootstrap.js';
import { PAGINATION_MARGIN_PAGES } from 'shared-domain';

export interface PaginationProps {
  /** Current page, 1-based (the specs' default start page is 1). */
  page?: number;
  pages: number;
  onChange(page: number): void;
}

/** The pages shown: the current one with up to 5 on each side (§9 "5 margin pages"). */
export function visiblePages(page: number, pages: number, margin = PAGINATION_MARGIN_PAGES): number[] {
  const first = Math.max(1, page - margin);
  const last = Math.min(pages, page + margin);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, index) => first + index);
}

/** Renders nothing for a single page: there is nowhere to go. */
export function Pagination({ page = 1, pages, onChange }: PaginationProps) {
  if (pages <= 1) return null;
  const go = (target: number) => () => {
    if (target !== page) onChange(target);
  };
  return (
    <nav aria-label="Pagination">
      <BsPagination className="justify-content-center">
        <BsPagination.Item onClick={go(1)} disabled={page === 1} aria-label="First page">
          First
        </BsPagination.Item>
        {visiblePages(page, pages).map((number) => (
          <BsPagination.Item
            key={number}
            active={number === page}
            aria-current={number === page ? 'page' : undefined}
            onClick={go(number)}
            aria-label={`Page ${number}`}
          >
            {number}
          </BsPagination.Item>
        ))}
        <BsPagination.Item onClick={go(pages)} disabled={page === pages} aria-label="Last page">
          Last
        </BsPagination.Item>
      </BsPagination>
    </nav>
  );
}
