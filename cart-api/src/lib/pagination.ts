/** A paged list's query as a handler has it (service-kit's `withPaging`: the defaults applied). */
export interface PagedSearchQuery {
  page: number;
  pageSize: number;
  searchText: string;
}

/** The number of pages for `count` rows; no rows means no pages. */
export const pagesFor = (count: number, pageSize: number): number => Math.ceil(count / pageSize);

export const offsetFor = ({ page, pageSize }: PagedSearchQuery): number => (page - 1) * pageSize;
