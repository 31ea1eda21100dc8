import { api, useApi } from 'shared-ui';
import { PAGE_SIZE, type DocumentListRow, type Page } from 'shared-domain';

export interface DocumentsQuery {
  page: number;
  searchText: string;
}

/** GET epop-document/{userId}?page=&pageSize=10&searchText= (specs/1-foundation.md §7). */
export function documentsPath(userId: string, { page, searchText }: DocumentsQuery) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE), searchText });
  return `epop-document/${encodeURIComponent(userId)}?${query.toString()}`;
}

export const getDocuments = (userId: string, query: DocumentsQuery) =>
  api.get<Page<DocumentListRow>>(documentsPath(userId, query));

export const useDocuments = (userId: string | undefined, query: DocumentsQuery) =>
  useApi<Page<DocumentListRow>>(userId ? documentsPath(userId, query) : null);
