import { useState, type ReactNode } from 'react';
import { Form, Spinner } from 'react-bootstrap';
import { Pagination, useDebouncedValue } from 'shared-ui';
import type { SessionUser } from 'shared-domain';
import { useDocuments } from '../api/get-documents.js';
import { DocumentsTable } from './DocumentsTable.js';

/** How long typing must pause before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

interface DocumentListProps {
  user: SessionUser;
  /** Rendered instead of the list when the user has no documents at all (the home shows the overview). */
  renderEmpty?: () => ReactNode;
}

function Loading() {
  return (
    <Spinner animation="border" role="status" size="sm">
      <span className="visually-hidden">Loading…</span>
    </Spinner>
  );
}

/** 'My POP Documents' (§2): search by company name, the paginated table, the actions menu. */
export function DocumentList({ user, renderEmpty }: DocumentListProps) {
  const [searchInput, setSearchInput] = useState('');
  const searchText = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  // The page belongs to one search: a new search starts again at page 1.
  const [paging, setPaging] = useState({ searchText, page: 1 });
  const page = paging.searchText === searchText ? paging.page : 1;
  const { data } = useDocuments(user.userId, { page, searchText });

  const unfiltered = page === 1 && searchText === '';
  // Until the first answer, it is not known whether the list or renderEmpty() belongs here.
  if (unfiltered && !data && searchInput === '') return <Loading />;
  if (unfiltered && data && data.data.length === 0 && renderEmpty) return <>{renderEmpty()}</>;

  return (
    <section aria-labelledby="my-pop-documents-title">
      <h2 id="my-pop-documents-title">My POP Documents</h2>
      <Form.Control
        type="search"
        className="my-3"
        style={{ maxWidth: '24rem' }}
        placeholder="Search by company name"
        aria-label="Search by company name"
        value={searchInput}
        onChange={(event) => setSearchInput(event.target.value)}
      />
      {data ? <DocumentsTable user={user} documents={data.data} /> : <Loading />}
      {data && (
        <Pagination
          page={page}
          pages={data.pages}
          onChange={(next) => setPaging({ searchText, page: next })}
        />
      )}
    </section>
  );
}
