import { useState } from 'react';
import { Card, Form } from 'shared-ui/bootstrap';
import { PageHeader, useDebouncedValue } from 'shared-ui';
import { useRecentlyViewed } from '../api/get-recently-viewed.js';
import { useClientSearch } from '../api/search-clients.js';
import { CLIENT_MESSAGES } from '../messages.js';
import { ClientRows } from './ClientRows.js';

/** The search waits this long after the last key press (one call per pause). */
const SEARCH_DELAY_MS = 400;

function SearchResults({ searchText }: { searchText: string }) {
  const { data: clients, isLoading } = useClientSearch(searchText);
  return (
    <ClientRows
      label="Search results"
      clients={isLoading ? undefined : clients}
      empty={CLIENT_MESSAGES.noResults}
      busyLabel="Searching clients"
    />
  );
}

function RecentlyViewed() {
  const { data: clients } = useRecentlyViewed();
  return (
    <Card as="section" aria-labelledby="recently-viewed-title">
      <Card.Body>
        <h2 id="recently-viewed-title" className="h5">
          Recently Viewed
        </h2>
        <ClientRows
          label="Recently Viewed"
          clients={clients}
          empty={CLIENT_MESSAGES.noRecent}
          busyLabel="Loading recently viewed clients"
        />
      </Card.Body>
    </Card>
  );
}

/**
 * /admin/clients (specs/3-admin.md §2 Clients): 'Search All Clients' (name, address, city, state of
 * the clients whose name, tax id or account id matches) and the caller's Recently Viewed clients.
 */
export function ClientsPage() {
  const [text, setText] = useState('');
  const searchText = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  return (
    <section className="py-3">
      <PageHeader title="Clients" />
      <Card className="mb-3">
        <Card.Body>
          <Form role="search" onSubmit={(event) => event.preventDefault()} className="mb-3">
            <Form.Label htmlFor="client-search" className="h5">
              {CLIENT_MESSAGES.searchLabel}
            </Form.Label>
            <Form.Control
              id="client-search"
              type="search"
              placeholder="Name, tax id or account id"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </Form>
          {searchText !== '' && <SearchResults searchText={searchText} />}
        </Card.Body>
      </Card>
      <RecentlyViewed />
    </section>
  );
}
