import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router-dom';
import { notifySuccess, paths, useRevalidate, type ClientSearchRow } from 'shared-ui';
import { addTestBcn, searchClientsByBcn, useTestBcns } from '../api/bcn.js';

/** The items of the comma-separated list, as typed (blanks included: the server refuses each). */
export const bcnItems = (list: string) => (list.trim() === '' ? [] : list.split(','));

/**
 * /admin/utilities/bcn (specs/3-admin.md §2, §5, §8): the test BCNs, adding BCNs as a comma-separated
 * list (each item posted on its own: an error toast per failed item, 'Added' with the ones added), and
 * the client search by BCN.
 */
export function Bcn() {
  const { bcns } = useTestBcns();
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
    <section aria-labelledby="bcn-title">
      <h2 id="bcn-title" className="h4 mb-3">
        Test Billing Numbers (BCN)
      </h2>
      <div className="row g-4">
        <div className="col-lg-6">
          <h3 className="h5">Test BCNs</h3>
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
          {bcns.length === 0 ? (
            <p className="text-muted">No test BCNs yet</p>
          ) : (
            <Table size="sm" hover aria-label="Test BCNs">
              <thead>
                <tr>
                  <th scope="col">BCN</th>
                  <th scope="col">Added By</th>
                </tr>
              </thead>
              <tbody>
                {bcns.map((row) => (
                  <tr key={row.bcn}>
                    <td>{row.bcn}</td>
                    <td>{row.addedBy}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </div>
        <div className="col-lg-6">
          <h3 className="h5">Find a Client by BCN</h3>
          <Form onSubmit={(event) => void search(event)} className="d-flex gap-2 mb-3" role="search">
            <Form.Control
              aria-label="BCN to search"
              value={bcn}
              placeholder="BCN"
              onChange={(event) => setBcn(event.target.value)}
            />
            <Button type="submit" variant="outline-primary" disabled={bcn.trim() === ''}>
              Search
            </Button>
          </Form>
          {found ? (
            found.clients.length === 0 ? (
              <p>No results found</p>
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
