import { PAGE_SIZE } from 'shared-domain';

export const MAX_PAGE_SIZE = 100;
/**
 * Far beyond any real list, and small enough that the offset (page - 1) × pageSize stays a safe
 * integer both engines accept: an unbounded page reached the database as a float (1e300) and failed.
 */
export const MAX_PAGE = 1_000_000;

/** Querystring schema of every paged list: 1 ≤ page ≤ 1,000,000, 1 ≤ pageSize ≤ 100 (defaults 1 and 10). */
export const pagedSearchQuerystring = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: PAGE_SIZE },
    searchText: { type: 'string', maxLength: 200, default: '' },
  },
  additionalProperties: false,
} as const;

export interface PagedSearchQuery {
  page: number;
  pageSize: number;
  searchText: string;
}

/** The number of pages for `count` rows; no rows means no pages. */
export const pagesFor = (count: number, pageSize: number): number => Math.ceil(count / pageSize);

export const offsetFor = ({ page, pageSize }: PagedSearchQuery): number => (page - 1) * pageSize;
