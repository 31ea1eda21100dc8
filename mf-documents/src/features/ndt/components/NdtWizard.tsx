import { useEffect, useId, useRef, useState } from 'react';
import { Button, Card } from 'shared-ui/bootstrap';
import type { NdtStep } from 'shared-domain';
import { Busy } from 'shared-ui';
import { Form, Formik, useFormikContext } from 'shared-ui/forms';
import type { StoredNdtResult } from '../api/get-ndt-result.js';
import { takeNdt } from '../api/take-ndt.js';
import { nextReason, stepErrors } from '../figure-fields.js';
import {
  EMPTY_ANSWERS,
  isAnswered,
  nextStep,
  payloadOf,
  previousStep,
  STEP_NAMES,
  type FigureName,
  type NdtAnswers,
} from '../wizard.js';
import { NdtInstructions } from './NdtInstructions.js';
import { NdtProgress } from './NdtProgress.js';
import { NdtStepFields } from './NdtStepFields.js';

interface NdtWizardProps {
  documentId: string;
  planYearStart: string;
  planYearEnd: string;
  /** Why the document cannot be tested (no Next on the instructions); null when it can. */
  blocked: string | null;
  onTaken: (result: StoredNdtResult) => void;
  /** A test's answers to change (Change answers after a Fail), and the step to start at. */
  resume?: { answers: NdtAnswers; step: NdtStep };
}

/**
 * The wizard (specs/2-documents.md §4): the instructions, then steps 1, 2, 3, 3a, 3b, 4, 5, 5a, 6, 7
 * by the branches of `nextStep`. A step's Next (Submit when the test is complete) goes on only once it
 * is answered and no figure is more than the one it is part of (`nextReason`, `stepErrors`). The
 * answers are sent for the branch taken; a refusal (a toast) keeps them. Mounted afresh (a new key)
 * for a new test, so every value starts empty, or with `resume` a test's answers at the step to change.
 */
export function NdtWizard({
  documentId,
  planYearStart,
  planYearEnd,
  blocked,
  onTaken,
  resume,
}: NdtWizardProps) {
  const [step, setStep] = useState<NdtStep | 'instructions'>(resume?.step ?? 'instructions');

  async function advance(answers: NdtAnswers) {
    if (step === 'instructions' || !isAnswered(step, answers)) return;
    const next = nextStep(step, answers);
    if (next !== 'submit') {
      setStep(next);
      return;
    }
    try {
      onTaken(await takeNdt(documentId, payloadOf(answers)));
    } catch {
      // Told as the catalogue says (a toast); the answers stay for the user to correct.
    }
  }

  return (
    <Formik<NdtAnswers>
      initialValues={{ ...(resume?.answers ?? EMPTY_ANSWERS) }}
      // Only the step on screen is checked: a figure more than the one it is part of stops its Next.
      validate={(answers) => (step === 'instructions' ? {} : stepErrors(step, answers))}
      onSubmit={advance}
    >
      <Form noValidate aria-label="Non-discrimination test">
        {step === 'instructions' ? (
          <NdtInstructions
            planYearStart={planYearStart}
            planYearEnd={planYearEnd}
            blocked={blocked}
            onNext={() => setStep('1')}
          />
        ) : (
          <WizardStep step={step} onBack={(answers) => setStep(previousStep(step, answers))} />
        )}
      </Form>
    </Formik>
  );
}

/**
 * The top of the page, where a new step starts (its heading takes the focus without scrolling again).
 * `scrollTo` on the scrolling element: jsdom has none, where the call is skipped.
 */
function scrollToTop() {
  document.scrollingElement?.scrollTo?.({ top: 0 });
}

/**
 * One step: the progress, its heading (focused on arrival, the page back at its top), its fields, Back,
 * and Next (Submit when the test is complete). Next is always there, and disabled (aria-disabled, so
 * it stays in the tab order with its reason read out) until the step is answered and its figures fit
 * together; the reason is shown next to it, in a live region, so a slip is heard as it is typed.
 */
function WizardStep({ step, onBack }: { step: NdtStep; onBack: (answers: NdtAnswers) => void }) {
  const { values, isSubmitting, touched, setFieldTouched } = useFormikContext<NdtAnswers>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    scrollToTop();
    heading.current?.focus({ preventScroll: true });
  }, [step]);
  const reasonId = useId();
  const reason = nextReason(step, values);
  // A figure more than the one it is part of is marked at once (aria-invalid, its message under it),
  // not only after it loses the focus: Next is disabled for it, so the field must say why.
  const refused = Object.keys(stepErrors(step, values)).join(' ');
  useEffect(() => {
    for (const name of refused.split(' ') as FigureName[])
      if (name && !touched[name]) void setFieldTouched(name, true, true);
  }, [refused, touched, setFieldTouched]);
  const last = nextStep(step, values) === 'submit';
  return (
    <>
      <NdtProgress step={step} answers={values} />
      <Card>
        <Card.Header>
          <h2 ref={heading} tabIndex={-1} className="h5 mb-0">
            Step {step}
          </h2>
          <p className="mb-0 text-body-secondary">{STEP_NAMES[step]}</p>
        </Card.Header>
        <Card.Body>
          <NdtStepFields key={step} step={step} />
          <div className="d-flex flex-wrap gap-2 align-items-center">
            <Button variant="outline-secondary" onClick={() => onBack(values)} disabled={isSubmitting}>
              Back
            </Button>
            <Button
              type="submit"
              variant="primary"
              disabled={isSubmitting}
              aria-disabled={reason ? true : undefined}
              aria-describedby={reason ? reasonId : undefined}
              className={reason ? 'disabled' : undefined}
              // aria-disabled does not stop a press (nor Enter in a field): the step goes on only once answered.
              onClick={(event) => reason && event.preventDefault()}
            >
              {last ? 'Submit' : 'Next'}
            </Button>
            {isSubmitting && last && <Busy label="Submitting the test" />}
            {/* Keyed by step: a new step's first reason is not announced over its heading. */}
            <p key={step} id={reasonId} aria-live="polite" className="small text-body-secondary mb-0">
              {reason}
            </p>
          </div>
        </Card.Body>
      </Card>
    </>
  );
}
