import { useState } from 'react';
import { Alert } from 'shared-ui/bootstrap';
import { useParams, useSearchParams } from 'shared-ui/router';
import { productToday, type NdtStep } from 'shared-domain';
import { formatDate, isNotFound, LoadingState, PageHeader, Unavailable, type EpopDocument } from 'shared-ui';
import { DocumentBreadcrumb } from '../../../components/DocumentBreadcrumb.js';
import { useDocument } from '../../../api/document.js';
import { useNdtResult, type StoredNdtResult } from '../api/get-ndt-result.js';
import { answersOf, stepToChange, type NdtAnswers } from '../wizard.js';
import { NdtResults } from './NdtResults.js';
import { NdtWizard } from './NdtWizard.js';

export const NDT_TEXT = {
  title: 'Non-Discrimination Testing',
  readOnly: 'This document is read-only and cannot be tested.',
  purchaseFirst: 'This document must be purchased before it can be tested.',
  notFound: 'This document was not found, or it is not yours to open.',
  resultNotFound: 'This test result was not found for this document.',
} as const;

/**
 * Why this document cannot be tested now, or null: a read-only or unpaid document never (§2, §6; the
 * server refuses too), and Next only while the plan year end is today or later (§4): the product's day
 * (America/New_York), as the server counts it (plan-documents.md: every rule's dates).
 */
export function blockedReason(document: EpopDocument, on = productToday()): string | null {
  if (document.isReadOnly) return NDT_TEXT.readOnly;
  if (document.status !== 'Paid') return NDT_TEXT.purchaseFirst;
  if (document.currentPlanYearEndDate < on) {
    return (
      `The plan year ended on ${formatDate(document.currentPlanYearEndDate)}: testing is for a current ` +
      'plan year. Renew the document to test its next plan year.'
    );
  }
  return null;
}

/**
 * /document/{documentId}/ndt (specs/2-documents.md §2, §4): the document's title and breadcrumb, then
 * the wizard, or with `?result={resultId}` a stored result (the admin page's Show Results). A test just
 * taken is shown from its answer and its id put in the address, so a reload reads it back stored.
 */
export function NdtTesting() {
  const { documentId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const resultId = search.get('result');
  const { data: document, error } = useDocument(documentId);
  // The test just taken: shown without reading it back. A new test remounts the wizard, all values reset.
  const [taken, setTaken] = useState<StoredNdtResult | null>(null);
  const [testNumber, setTestNumber] = useState(0);
  // Change answers after a Fail: the wizard again, with that test's answers, at the step to change.
  const [resume, setResume] = useState<{ answers: NdtAnswers; step: NdtStep } | undefined>();

  if (error) {
    return (
      <Unavailable
        error={error}
        what="document"
        title={NDT_TEXT.title}
        notFound={{ title: 'Document not found', message: NDT_TEXT.notFound }}
      />
    );
  }
  if (!document) return <LoadingState label="Loading the document" />;

  const company = String(document.form.clientCompanyName || 'POP Document');
  const blocked = blockedReason(document);

  function showTaken(result: StoredNdtResult) {
    setTaken(result);
    setTestNumber((number) => number + 1);
    setSearch({ result: result.id });
  }

  function newTest() {
    setResume(undefined);
    setSearch({});
  }

  function changeAnswers(result: StoredNdtResult, failedStep: string) {
    const answers = answersOf(result.input);
    setResume({ answers, step: stepToChange(failedStep, answers) });
    setSearch({});
  }

  return (
    <>
      <DocumentBreadcrumb documentId={document.documentId} name={company} />
      <section>
        <PageHeader title={NDT_TEXT.title} lead={`Testing for ${company}`} />
        {resultId ? (
          <StoredResult
            documentId={document.documentId}
            resultId={resultId}
            taken={taken?.id === resultId ? taken : null}
            onNewTest={blocked ? undefined : newTest}
            onChangeAnswers={blocked ? undefined : changeAnswers}
          />
        ) : (
          <NdtWizard
            key={testNumber}
            documentId={document.documentId}
            planYearStart={document.currentPlanYearStartDate}
            planYearEnd={document.currentPlanYearEndDate}
            blocked={blocked}
            onTaken={showTaken}
            resume={resume}
          />
        )}
      </section>
    </>
  );
}

/** `?result={resultId}`: the result just taken, or the stored one read from the API. */
function StoredResult({
  documentId,
  resultId,
  taken,
  onNewTest,
  onChangeAnswers,
}: {
  documentId: string;
  resultId: string;
  taken: StoredNdtResult | null;
  onNewTest?: () => void;
  onChangeAnswers?: (result: StoredNdtResult, failedStep: string) => void;
}) {
  const { data, error } = useNdtResult(documentId, taken ? null : resultId);
  const result = taken ?? data;
  if (error) {
    return (
      <Alert variant={isNotFound(error) ? 'warning' : 'danger'}>
        {isNotFound(error) ? NDT_TEXT.resultNotFound : 'The test result could not be loaded.'}
      </Alert>
    );
  }
  if (!result) return <LoadingState label="Loading the test result" />;
  return (
    <NdtResults
      result={result}
      onNewTest={onNewTest}
      onChangeAnswers={onChangeAnswers && ((failedStep) => onChangeAnswers(result, failedStep))}
    />
  );
}
