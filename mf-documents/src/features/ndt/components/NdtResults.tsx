import { Alert, Badge, Button, Table } from 'react-bootstrap';
import { formatDate } from 'shared-ui';
import type { NdtResultRow, StoredNdtResult } from '../api/get-ndt-result.js';
import { describeFigures } from '../figures.js';
import { NDT_PRINT_CSS } from '../print-styles.js';

/** The answer column: Yes/No for a question, the figures for a step that takes them. */
function AnswerCell({ row }: { row: NdtResultRow }) {
  const figures = describeFigures(row.figures);
  return (
    <>
      {row.answer !== null && <span>{row.answer ? 'Yes' : 'No'}</span>}
      {figures.length > 0 && (
        <dl className="ndt-figures mb-0 small">
          {figures.map((figure) => (
            <div key={figure.name} className="d-flex gap-2">
              <dt className="fw-normal text-body-secondary">{figure.label}</dt>
              <dd className="mb-0">{figure.text}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

interface NdtResultsProps {
  result: StoredNdtResult;
  /** 'Take a new test', when the document may be tested again. */
  onNewTest?: () => void;
}

/**
 * The results (specs/2-documents.md §2, §4): every sub-answer with the figures it used and one
 * sentence of why, the server's Pass (green) or Fail (red), who took it and when, to be printed and
 * retained (the print stylesheet hides the page's navigation and buttons).
 */
export function NdtResults({ result, onNewTest }: NdtResultsProps) {
  const pass = result.ndtResult === 'Pass';
  const name = typeof result.input.name === 'string' ? result.input.name.trim() : '';
  return (
    <section aria-labelledby="ndt-results-title" className="ndt-results">
      <style>{NDT_PRINT_CSS}</style>
      <h3 id="ndt-results-title" className="h4">
        Results
      </h3>
      <p className="display-6">
        Result:{' '}
        <strong className={`ndt-verdict ${pass ? 'text-success' : 'text-danger'}`}>{result.ndtResult}</strong>
      </p>
      {result.safeHarbor && (
        <p>Steps 1 to 4 were all answered yes: the plan is in the premium-only safe harbor.</p>
      )}
      <dl className="row">
        <dt className="col-sm-3">Taken by</dt>
        <dd className="col-sm-9">{name ? `${result.takenBy} (${name})` : result.takenBy}</dd>
        <dt className="col-sm-3">Taken on</dt>
        <dd className="col-sm-9">{formatDate(result.createdOn)}</dd>
        <dt className="col-sm-3">Plan year</dt>
        <dd className="col-sm-9">
          {formatDate(result.planYearStart)} - {formatDate(result.planYearEnd)}
        </dd>
      </dl>
      <Table bordered responsive size="sm" aria-label="Test results">
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Question</th>
            <th scope="col">Answer</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {result.results.map((row) => (
            <tr key={row.step} className={row.pass ? undefined : 'table-danger'}>
              <th scope="row">{row.step}</th>
              <td>{row.question}</td>
              <td>
                <AnswerCell row={row} />
              </td>
              <td>
                {!row.pass && (
                  <Badge bg="danger" className="me-2">
                    Fails
                  </Badge>
                )}
                {row.why}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Alert variant="info">
        Please print these results and retain them with your plan documents for the plan year.
      </Alert>
      <p className="small">
        This testing tool is an aid, not legal advice: it applies the rules of Section 125 to the answers you
        gave. Review the results, and any doubt about them, with your tax or legal advisor.
      </p>
      <div className="ndt-no-print d-flex gap-2">
        <Button variant="primary" onClick={() => window.print()}>
          Print
        </Button>
        {onNewTest && (
          <Button variant="outline-secondary" onClick={onNewTest}>
            Take a new test
          </Button>
        )}
      </div>
    </section>
  );
}
