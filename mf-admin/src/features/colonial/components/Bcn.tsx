import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'shared-ui/bootstrap';
import { Link } from 'shared-ui/router';
import {
  DataTable,
  EmptyState,
  notifySuccess,
  paths,
  useRevalidate,
  type ClientSearchRow,
  type Column,
} from 'shared-ui';
import { UtilityHeader } from '../../../components/UtilityHeader.js';
import { addTestBcn, searchClientsByBcn, useTestBcns, type TestBcn } from '../api/bcn.js';

const COLUMNS: Column<TestBcn>[] = [
  { key: 'bcn', header: 'BCN', cell: (row) => row.bcn },
  { key: 'addedBy', header: 'Added By', cell: (row) => row.addedBy },
];

/** The items of the comma-separated list, as typed (blanks included: the server refuses each). */
export const bcnItems = (list: string) => (list.trim() === '' ? [] : list.split(','));

/**
 * /admin/utilities/bcn (specs/3-admin.md §2, §5, §8): the test BCNs, adding BCNs as a comma-separated
 * list (each item posted on its own: an error toast per failed item, 'Added' with the ones added), and
 * the client search by BCN.
 */
export function Bcn() {
  const { bcns, error } = useTestBcns();
  const revalidate = useRevalidate();
  const [list, setList] = useState('');
  const [adding, setAdding] = useState(false);
  const [bcn, setBcn] = useState('');
  const [found, setFound] = useState<{ bcn: string; clients: ClientSearchRow[] }>();

  async function add(event: FormEvent) {
    event.preventDefault();
    setAdding(true);
    const added: string[] = [];
    const failed: string[] = [];
    for (const item of bcnItems(list)) {
      try {
        added.push((await addTestBcn(item)).bcn);
      } catch {
        failed.push(item); // its own error toast (the api client)
      }
    }
    if (added.length > 0) notifySuccess(`Added ${added.join(', ')}`);
    // What failed stays in the box to be corrected.
    setList(failed.join(','));
    setAdding(false);
    await revalidate(['/colonial/bcn']);
  }

  async function search(event: FormEvent) {
    event.preventDefault();
    const text = bcn.trim();
    if (!text) return;
    try {
      setFound({ bcn: text, clients: await searchClientsByBcn(text) });
    } catch {
      setFound(undefined);
    }
  }

  return (
    <section>
      <UtilityHeader section="bcn" />
      <div className="row g-4">
        <div className="col-lg-6">
          <h2 className="h5">Test BCNs</h2>
          <Form onSubmit={(event) => void add(event)} className="mb-3">
            <Form.Group controlId="bcn-add">
              <Form.Label>Add BCNs</Form.Label>
              <div className="d-flex gap-2">
                <Form.Control
                  value={list}
                  placeholder="BCN1, BCN2, …"
                  onChange={(event) => setList(event.target.value)}
                />
                <Button type="submit" disabled={adding || list.trim() === ''}>
                  Add
                </Button>
              </div>
              <Form.Text>A comma-separated list</Form.Text>
            </Form.Group>
          </Form>
          {error && !bcns ? (
            <Alert variant="danger">The test BCNs could not be loaded.</Alert>
          ) : (
            <DataTable
              label="Test BCNs"
              columns={COLUMNS}
              rows={bcns}
              rowKey={(row) => row.bcn}
              empty="No test BCNs yet"
              busyLabel="Loading test BCNs"
              size="sm"
              hover
            />
          )}
        </div>
        <div className="col-lg-6">
          <h2 className="h5">Find a Client by BCN</h2>
          <Form onSubmit={(event) => void search(event)} className="d-flex gap-2 mb-3" role="search">
            <Form.Control
              aria-label="BCN to search"
              value={bcn}
              placeholder="BCN"
              onChange={(event) => setBcn(event.target.value)}
            />
            <Button type="submit" variant="outline-secondary" disabled={bcn.trim() === ''}>
              Search
            </Button>
          </Form>
          {found ? (
            found.clients.length === 0 ? (
              <EmptyState>No results found</EmptyState>
            ) : (
              <ul aria-label={`Clients with BCN ${found.bcn}`}>
                {found.clients.map((client) => (
                  <li key={client.clientId}>
                    <Link to={paths.adminClient(client.clientId)}>{client.name}</Link>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </div>
      </div>
    </section>
  );
}
