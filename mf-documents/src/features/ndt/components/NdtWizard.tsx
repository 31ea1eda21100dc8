import { useEffect, useRef, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import type { NdtStep } from 'shared-domain';
import { Busy } from 'shared-ui';
import { Form, Formik, useFormikContext } from 'shared-ui/forms';
import type { StoredNdtResult } from '../api/get-ndt-result.js';
import { takeNdt } from '../api/take-ndt.js';
import { stepErrors } from '../figure-fields.js';
import { EMPTY_ANSWERS, isAnswered, nextStep, payloadOf, previousStep, type NdtAnswers } from '../wizard.js';
import { NdtInstructions } from './NdtInstructions.js';
import { NdtStepFields } from './NdtStepFields.js';

interface NdtWizardProps {
  documentId: string;
  planYearStart: string;
  planYearEnd: string;
  /** Why the document cannot be tested (no Next on the instructions); null when it can. */
  blocked: string | null;
  onTaken: (result: StoredNdtResult) => void;
}

/**
 * The wizard (specs/2-documents.md §4): the instructions, then steps 1, 2, 3, 3a, 3b, 4, 5, 5a, 6, 7
 * by the branches of `nextStep`. A step's Next (Submit when the test is complete) shows only once it is
 * answered, and goes on only when no figure is more than the one it is part of (`stepErrors`). The
 * answers are sent for the branch taken; a refusal (a toast) keeps them. Mounted afresh (a new key)
 * for a new test, so every value starts empty.
 */
export function NdtWizard({ documentId, planYearStart, planYearEnd, blocked, onTaken }: NdtWizardProps) {
  const [step, setStep] = useState<NdtStep | 'instructions'>('instructions');

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
      initialValues={{ ...EMPTY_ANSWERS }}
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

/** One step: its heading (focused on arrival), its fields, Back, and Next or Submit once answered. */
function WizardStep({ step, onBack }: { step: NdtStep; onBack: (answers: NdtAnswers) => void }) {
  const { values, isSubmitting, isValidating, submitCount, errors } = useFormikContext<NdtAnswers>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [step]);
  // A Next refused by the step's own checks takes focus to the first field that says why (once per press,
  // when the checks have answered), so a keyboard or screen-reader user lands on the message.
  const card = useRef<HTMLDivElement>(null);
  const pressesHandled = useRef(0);
  useEffect(() => {
    if (isValidating || submitCount === pressesHandled.current) return;
    pressesHandled.current = submitCount;
    card.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount, isValidating, errors]);
  const last = nextStep(step, values) === 'submit';
  return (
    <Card ref={card}>
      <Card.Header>
        <h2 ref={heading} tabIndex={-1} className="h5 mb-0">
          Step {step}
        </h2>
      </Card.Header>
      <Card.Body>
        <NdtStepFields key={step} step={step} />
        <div className="d-flex gap-2 align-items-center">
          <Button variant="outline-secondary" onClick={() => onBack(values)} disabled={isSubmitting}>
            Back
          </Button>
          {isAnswered(step, values) && (
            <Button type="submit" variant="primary" disabled={isSubmitting}>
              {last ? 'Submit' : 'Next'}
            </Button>
          )}
          {isSubmitting && last && <Busy label="Submitting the test" />}
        </div>
      </Card.Body>
    </Card>
  );
}
