import { Alert, Button } from 'shared-ui/bootstrap';
import { formatDate, NdtDefinitions, useAppConfig } from 'shared-ui';
import { TextField } from 'shared-ui/forms';

interface NdtInstructionsProps {
  planYearStart: string;
  planYearEnd: string;
  /** Why the document cannot be tested now (read-only, unpaid, plan year ended); null when it can. */
  blocked: string | null;
  onNext: () => void;
}

/**
 * The instructions (specs/2-documents.md §2 "Non-Discrimination Testing page"): the rules the specs
 * quote, then the HCE and key-employee definitions, one text of each (the configured templates with
 * this plan year's limits: the key-employee text has the specs' ownership rules and the officer rule
 * the domain note adds); Next only when the document can be tested (§4: the plan year has not ended).
 */
export function NdtInstructions({ planYearStart, planYearEnd, blocked, onNext }: NdtInstructionsProps) {
  const { data: config } = useAppConfig();
  return (
    <section aria-labelledby="ndt-instructions-title">
      <h2 id="ndt-instructions-title" className="h4">
        Instructions
      </h2>
      <p>
        This test checks the plan year {formatDate(planYearStart)} - {formatDate(planYearEnd)} against the
        non-discrimination rules of Section 125. Answer each question for that plan year; the last step
        submits your answers and shows the results, which you should print and retain.
      </p>
      <ul>
        <li>Key employees may receive at most 25% of the total benefits provided under the plan.</li>
        <li>
          A 75% contribution test applies to major medical: for each participant the employer pays either 100%
          of the cost of the coverage most similarly situated highly compensated employees chose, or at least
          75% of the cost of the most expensive similarly situated coverage.
        </li>
        <li>Group term life insurance is a qualified benefit up to $50,000 of coverage.</li>
        <li>
          Eligibility: every employee must be able to enter the plan within 3 years of hire, and no later than
          the first day of the plan year after that requirement is met.
        </li>
        <li>
          Leave out of every count the employees who have not met the plan’s employment requirement, union
          employees whose benefits were bargained, and nonresident aliens without US income.
        </li>
      </ul>
      <NdtDefinitions
        definitions={config?.definitions}
        planYear={{ start: planYearStart, end: planYearEnd }}
        heading={{ level: 3, className: 'h5' }}
      />
      {blocked ? (
        <Alert variant="warning" role="alert">
          {blocked}
        </Alert>
      ) : (
        <>
          <div style={{ maxWidth: '24rem' }}>
            <TextField name="name" label="Name" help="Who is taking the test (optional)" maxLength={200} />
          </div>
          <Button variant="primary" onClick={onNext}>
            Next
          </Button>
        </>
      )}
    </section>
  );
}
