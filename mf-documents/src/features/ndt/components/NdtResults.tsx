import { useId } from 'react';
import { Alert, Badge, Button, Table } from 'react-bootstrap';
import { formatDate } from 'shared-ui';
import type { NdtResultRow, StoredNdtResult } from '../api/get-ndt-result.js';
import { describeFigures } from '../figures.js';
import { NDT_PRINT_CSS } from '../print-styles.js';

/**
 * A row as the server answers it now: the regulation's section, whether the verdict needed the step
 * (false: not needed under the premium-only safe harbor) and, for a failed needed step, what the
 * employer can change. Results stored before have none of the three, and render as they did.
 */
type Row = NdtResultRow & { citation?: string; needed?: boolean; remedy?: string | null };

/** The premium-only safe harbor's section (the summary line when test B applies). */
export const SAFE_HARBOR_CITATION = 'Prop. Treas. Reg. §1.125-7(f)';

const isNotNeeded = (row: Row) => row.needed === false;
const failed = (row: Row) => !isNotNeeded(row) && !row.pass;

/** The answer column: Yes/No for a question, the figures for a step that takes them. */
function AnswerCell({ row, oldShape }: { row: Row; oldShape: boolean }) {
  const figures = describeFigures(row.figures, oldShape);
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

/** The row's own verdict: Pass (green) or Fail (red), or Not needed, which does not count. */
function RowVerdict({ row, safeHarbor }: { row: Row; safeHarbor: boolean }) {
  if (isNotNeeded(row)) {
    return (
      <span className="ndt-not-needed-marker">
        <Badge bg="secondary">Not needed</Badge>
        {safeHarbor && <span className="small"> (premium-only safe harbor)</span>}
      </span>
    );
  }
  return row.pass ? <Badge bg="success">Pass</Badge> : <Badge bg="danger">Fail</Badge>;
}

/** The why column: one sentence of why, the section it rests on, and for a Fail what can change. */
function WhyCell({ row }: { row: Row }) {
  return (
    <>
      <div>{row.why}</div>
      {row.citation && <div className="small text-body-secondary">Citation: {row.citation}</div>}
      {failed(row) && row.remedy && (
        <div className="ndt-remedy mt-1">
          <strong>What you can change:</strong> {row.remedy}
        </div>
      )}
    </>
  );
}

/**
 * After a Fail: what the employer can change (the failed steps' remedies, each once) and the action to
 * take the test again, which starts a new test with every value reset.
 */
function NextStep({ rows, onNewTest }: { rows: Row[]; onNewTest?: () => void }) {
  const id = useId();
  const remedies = new Map<string, string[]>();
  for (const row of rows.filter(failed)) {
    if (row.remedy) remedies.set(row.remedy, [...(remedies.get(row.remedy) ?? []), row.step]);
  }
  return (
    <section aria-labelledby={id} className="ndt-next-step mb-3">
      <h4 id={id} className="h5">
        Next step
      </h4>
      {remedies.size > 0 ? (
        <>
          <p className="mb-1">What you can change:</p>
          <ul>
            {[...remedies].map(([remedy, steps]) => (
              <li key={remedy}>
                {steps.length > 1 ? 'Steps' : 'Step'} {steps.join(', ')}: {remedy}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Review the failed steps with your tax or legal advisor.</p>
      )}
      <p>
        Once the plan or its facts have changed, take the test again: a new test starts with every answer
        blank.
      </p>
      {onNewTest && (
        <Button variant="primary" className="ndt-no-print" onClick={onNewTest}>
          Take the test again
        </Button>
      )}
    </section>
  );
}

interface NdtResultsProps {
  result: StoredNdtResult;
  /** A new test (every value reset), when the document may be tested again. */
  onNewTest?: () => void;
}

/**
 * The results (specs/2-documents.md §2, §4; the domain note): every sub-answer with the figures it
 * used, its own Pass (green) or Fail (red), one sentence of why and the section it rests on; the steps
 * the premium-only safe harbor made unneeded marked so; the server's verdict, who took it and when;
 * after a Fail, what the employer can change. To be printed and retained (the print stylesheet hides
 * the page's navigation and buttons).
 */
export function NdtResults({ result, onNewTest }: NdtResultsProps) {
  const pass = result.ndtResult === 'Pass';
  const name = typeof result.input.name === 'string' ? result.input.name.trim() : '';
  const rows: Row[] = result.results;
  // Stored before rows carried their citation and need: labelled and shown as they were then.
  const oldShape = rows.every((row) => row.citation === undefined && row.needed === undefined);
  const anyNotNeeded = rows.some(isNotNeeded);
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
        <p className="ndt-safe-harbor">
          The plan is in the premium-only safe harbor ({SAFE_HARBOR_CITATION}): its only choice is cash or
          paying the employees’ share of accident and health premiums before tax, and its eligibility meets
          the safe harbor, so it is deemed to pass every nondiscrimination test
          {anyNotNeeded ? '; the steps marked Not needed did not decide the result.' : '.'}
        </p>
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
            <th scope="col">Result</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.step}
              className={
                isNotNeeded(row) ? 'ndt-not-needed table-secondary' : row.pass ? undefined : 'table-danger'
              }
            >
              <th scope="row">{row.step}</th>
              <td>{row.question}</td>
              <td>
                <AnswerCell row={row} oldShape={oldShape} />
              </td>
              <td>
                <RowVerdict row={row} safeHarbor={result.safeHarbor} />
              </td>
              <td>
                <WhyCell row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {!pass && <NextStep rows={rows} onNewTest={onNewTest} />}
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
        {pass && onNewTest && (
          <Button variant="outline-secondary" onClick={onNewTest}>
            Take a new test
          </Button>
        )}
      </div>
    </section>
  );
}
