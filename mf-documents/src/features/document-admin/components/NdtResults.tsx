import { useId } from 'react';
import { Table } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { Busy, formatDateTime, paths } from 'shared-ui';
import { useNdtResults } from '../api/get-ndt-results.js';

/** specs/2-documents.md §8 "Empty lists", spelling as shown. */
export const NO_NDT_RESULTS = 'No non-discriminiation tests results found';

/**
 * 'Last 4 Non Discrimination Results' (specs/2-documents.md §2 "Admin document page"): Taken By,
 * Taken On, Result (Pass in green, Fail in red) and Show Results, which opens the stored result on
 * the testing page (`?result={id}`).
 */
export function NdtResults({ documentId }: { documentId: string }) {
  const { data: results } = useNdtResults(documentId);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h3 id={`${id}-title`} className="h5">
        Last 4 Non Discrimination Results
      </h3>
      {!results ? (
        <Busy label="Loading test results" />
      ) : results.length === 0 ? (
        <p className="text-muted">{NO_NDT_RESULTS}</p>
      ) : (
        <Table responsive hover size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">Taken By</th>
              <th scope="col">Taken On</th>
              <th scope="col">Result</th>
              <th scope="col">
                <span className="visually-hidden">Details</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {results.map((result) => (
              <tr key={result.id}>
                <td>{result.takenBy}</td>
                <td>{formatDateTime(result.createdOn)}</td>
                <td className={`fw-bold ${result.pass ? 'text-success' : 'text-danger'}`}>
                  {result.ndtResult}
                </td>
                <td>
                  <Link to={`${paths.documentNdt(documentId)}?result=${encodeURIComponent(result.id)}`}>
                    Show Results
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
