import type { ReactNode } from 'react';
import { LoadingState, PageHeader, Pagination, SearchBox, usePagedSearch, type SessionUser } from 'shared-ui';
import { useDocuments } from '../api/get-documents.js';
import { DocumentsTable } from './DocumentsTable.js';

/** How long typing must pause before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

interface DocumentListProps {
  user: SessionUser;
  /** Rendered instead of the list when the user has no documents at all (the home shows the overview). */
  renderEmpty?: () => ReactNode;
}

/**
 * 'My POP Documents' (§2), the home's page heading: search by company name, the paginated table,
 * the actions menu.
 */
export function DocumentList({ user, renderEmpty }: DocumentListProps) {
  const { searchInput, setSearchInput, searchText, page, setPage } = usePagedSearch(SEARCH_DEBOUNCE_MS);
  const { data } = useDocuments(user.userId, { page, searchText });

  const unfiltered = page === 1 && searchText === '';
  // Until the first answer, it is not known whether the list or renderEmpty() belongs here.
  if (unfiltered && !data && searchInput === '') return <LoadingState label="Loading documents" />;
  if (unfiltered && data && data.data.length === 0 && renderEmpty) return <>{renderEmpty()}</>;

  return (
    <section aria-labelledby="my-pop-documents-title">
      <PageHeader title="My POP Documents" headingId="my-pop-documents-title" />
      <SearchBox
        value={searchInput}
        onChange={setSearchInput}
        placeholder="Search by company name"
        className="mb-3"
        style={{ maxWidth: '24rem' }}
      />
      <DocumentsTable user={user} documents={data?.data} empty="No documents found." />
      {/* Many pages scroll inside their own box on a phone, never the page (the links take the focus). */}
      <div className="overflow-x-auto">
        {data && <Pagination page={page} pages={data.pages} onChange={setPage} />}
      </div>
    </section>
  );
}
