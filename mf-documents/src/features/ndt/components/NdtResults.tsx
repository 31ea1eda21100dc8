import { useId } from 'react';
import { Alert, Badge, Button } from 'shared-ui/bootstrap';
import {
  describeFigures,
  isFailedRow,
  isNotNeededRow,
  isOldShapeResult,
  NDT_RESULT_TEXTS,
  NDT_SAFE_HARBOR_CITATION,
  ndtRemedies,
  ndtRemedyLine,
  ndtSafeHarborSentence,
} from 'shared-domain';
import { Link } from 'shared-ui/router';
import { apiUrl, Busy, formatDate, paths, ScrollableTable, useDownload } from 'shared-ui';
import type { NdtResultRow, StoredNdtResult } from '../api/get-ndt-result.js';
import { NDT_PRINT_CSS } from '../print-styles.js';

/**
 * A row as the server answers it now: the regulation's section, whether the verdict needed the step
 * (false: not needed under the premium-only safe harbor) and, for a failed needed step, what the
 * employer can change. Results stored before have none of the three, and render as they did.
 */
type Row = NdtResultRow & { citation?: string; needed?: boolean; remedy?: string | null };

/** The premium-only safe harbor's section (the summary line when test B applies). */
export const SAFE_HARBOR_CITATION = NDT_SAFE_HARBOR_CITATION;

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
  if (isNotNeededRow(row)) {
    return (
      <span className="ndt-not-needed-marker">
        <Badge bg="secondary">{NDT_RESULT_TEXTS.notNeeded}</Badge>
        {safeHarbor && <span className="small"> {NDT_RESULT_TEXTS.underSafeHarbor}</span>}
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
      {row.citation && (
        <div className="small text-body-secondary">
          {NDT_RESULT_TEXTS.citation} {row.citation}
        </div>
      )}
      {isFailedRow(row) && row.remedy && (
        <div className="ndt-remedy mt-1">
          <strong>{NDT_RESULT_TEXTS.remedy}</strong> {row.remedy}
        </div>
      )}
    </>
  );
}

/** Back into the wizard at `step`, the test's answers kept; named by its step among several. */
function ChangeAnswers({ step, onChangeAnswers }: { step: string; onChangeAnswers: (step: string) => void }) {
  return (
    <Button variant="outline-primary" size="sm" className="ms-2" onClick={() => onChangeAnswers(step)}>
      Change answers<span className="visually-hidden"> at step {step}</span>
    </Button>
  );
}

/**
 * After a Fail: what the employer can change (the failed steps' remedies, each once), each with the
 * action to change that step's answers (the wizard again at that step, every answer kept), the
 * tutorial that explains the tests, and the action to take the test again, every value reset.
 */
function NextStep({
  rows,
  onNewTest,
  onChangeAnswers,
}: {
  rows: Row[];
  onNewTest?: () => void;
  onChangeAnswers?: (step: string) => void;
}) {
  const id = useId();
  const remedies = ndtRemedies(rows);
  // A result stored before rows carried remedies: the first failed step is the one to change.
  const firstFailed = rows.find(isFailedRow)?.step;
  return (
    <section aria-labelledby={id} className="ndt-next-step mb-3">
      <h3 id={id} className="h5">
        {NDT_RESULT_TEXTS.nextStep}
      </h3>
      {remedies.length > 0 ? (
        <>
          <p className="mb-1">{NDT_RESULT_TEXTS.remedy}</p>
          <ul>
            {remedies.map((remedy) => (
              <li key={remedy.remedy} className="mb-2">
                {ndtRemedyLine(remedy)}
                {onChangeAnswers && remedy.steps[0] && (
                  <ChangeAnswers step={remedy.steps[0]} onChangeAnswers={onChangeAnswers} />
                )}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          {NDT_RESULT_TEXTS.noRemedy}
          {onChangeAnswers && firstFailed && (
            <ChangeAnswers step={firstFailed} onChangeAnswers={onChangeAnswers} />
          )}
        </p>
      )}
      <p className="ndt-tutorial">
        How each test works, with examples: <Link to={paths.ndtTutorial()}>the NDT tutorial</Link>.
      </p>
      <p>{NDT_RESULT_TEXTS.retest}</p>
      {onNewTest && (
        <Button variant="primary" className="ndt-no-print" onClick={onNewTest}>
          Take the test again
        </Button>
      )}
    </section>
  );
}

/**
 * The same results as a PDF (`GET …/non-discrimination/{resultId}/pdf`), saved under the name the
 * server gives ('NDT Results - {company} - {MM-DD-YYYY}.pdf'), as the download page saves the plan's.
 */
function DownloadPdf({ result }: { result: StoredNdtResult }) {
  const { busy, download } = useDownload();
  const url = apiUrl('/epop-document/{documentId}/non-discrimination/{resultId}/pdf', {
    documentId: result.documentId,
    resultId: result.id,
  });
  return (
    <Button variant="outline-primary" disabled={busy} onClick={() => void download(url, 'NDT Results.pdf')}>
      {busy ? <Busy label="Downloading the results PDF" /> : 'Download PDF'}
    </Button>
  );
}

interface NdtResultsProps {
  result: StoredNdtResult;
  /** A new test (every value reset), when the document may be tested again. */
  onNewTest?: () => void;
  /** After a Fail, the wizard again at a failed step with this test's answers (when it may be tested). */
  onChangeAnswers?: (step: string) => void;
}

/**
 * The results (specs/2-documents.md §2, §4; the domain note): every sub-answer with the figures it
 * used, its own Pass (green) or Fail (red), one sentence of why and the section it rests on; the steps
 * the premium-only safe harbor made unneeded marked so; the server's verdict, who took it and when;
 * after a Fail, what the employer can change and where to change it. To be printed and retained (the print stylesheet hides
 * the page's navigation and buttons).
 */
export function NdtResults({ result, onNewTest, onChangeAnswers }: NdtResultsProps) {
  const pass = result.ndtResult === 'Pass';
  const name = typeof result.input.name === 'string' ? result.input.name.trim() : '';
  const rows: Row[] = result.results;
  // Stored before rows carried their citation and need: labelled and shown as they were then.
  const oldShape = isOldShapeResult(rows);
  const anyNotNeeded = rows.some(isNotNeededRow);
  return (
    <section aria-labelledby="ndt-results-title" className="ndt-results">
      <style>{NDT_PRINT_CSS}</style>
      <h2 id="ndt-results-title" className="h4">
        Results
      </h2>
      <p className="display-6">
        Result:{' '}
        <strong className={`ndt-verdict ${pass ? 'text-success' : 'text-danger'}`}>{result.ndtResult}</strong>
      </p>
      {result.safeHarbor && <p className="ndt-safe-harbor">{ndtSafeHarborSentence(anyNotNeeded)}</p>}
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
      <ScrollableTable label="Test results" bordered size="sm">
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
                isNotNeededRow(row) ? 'ndt-not-needed table-secondary' : row.pass ? undefined : 'table-danger'
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
      </ScrollableTable>
      {!pass && <NextStep rows={rows} onNewTest={onNewTest} onChangeAnswers={onChangeAnswers} />}
      <Alert variant="info">{NDT_RESULT_TEXTS.retain}</Alert>
      <p className="small">{NDT_RESULT_TEXTS.notLegalAdvice}</p>
      <div className="ndt-no-print d-flex gap-2">
        <Button variant="primary" onClick={() => window.print()}>
          Print
        </Button>
        <DownloadPdf result={result} />
        {pass && onNewTest && (
          <Button variant="outline-secondary" onClick={onNewTest}>
            Take a new test
          </Button>
        )}
      </div>
    </section>
  );
}
