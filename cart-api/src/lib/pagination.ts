import { PAGE_SIZE } from 'shared-domain';

export const MAX_PAGE_SIZE = 100;

/** Querystring schema of every paged list: page ≥ 1, 1 ≤ pageSize ≤ 100 (defaults 1 and 10). */
export const pagedSearchQuerystring = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
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
