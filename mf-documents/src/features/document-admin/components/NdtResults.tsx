import { useId } from 'react';
import { Link } from 'shared-ui/router';
import { DataTable, formatDateTime, paths, type Column } from 'shared-ui';
import { useNdtResults, type NdtResultRow } from '../api/get-ndt-results.js';

/** specs/2-documents.md §8 "Empty lists", spelling as shown. */
export const NO_NDT_RESULTS = 'No non-discriminiation tests results found';

const TITLE = 'Last 4 Non Discrimination Results';

const columns = (documentId: string): Column<NdtResultRow>[] => [
  { key: 'takenBy', header: 'Taken By', cell: (result) => result.takenBy },
  { key: 'takenOn', header: 'Taken On', cell: (result) => formatDateTime(result.createdOn) },
  {
    key: 'result',
    header: 'Result',
    cell: (result) => (
      <span className={`fw-bold ${result.pass ? 'text-success' : 'text-danger'}`}>{result.ndtResult}</span>
    ),
  },
  {
    key: 'details',
    header: 'Details',
    hideHeader: true,
    cell: (result) => (
      <Link to={`${paths.documentNdt(documentId)}?result=${encodeURIComponent(result.id)}`}>
        Show Results
      </Link>
    ),
  },
];

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
      <h2 id={`${id}-title`} className="h5">
        {TITLE}
      </h2>
      <DataTable
        label="Non-discrimination test results"
        columns={columns(documentId)}
        rows={results}
        rowKey={(result) => result.id}
        empty={NO_NDT_RESULTS}
        busyLabel="Loading test results"
        size="sm"
        hover
      />
    </section>
  );
}
