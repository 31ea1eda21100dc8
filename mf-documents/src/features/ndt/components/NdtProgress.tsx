import type { NdtStep } from 'shared-domain';
import { progressOf, STEP_NAMES, type NdtAnswers, type ProgressState } from '../wizard.js';

/** The marker before each step's name: a check once done, else its number. */
const MARKER_CLASS: Readonly<Record<ProgressState, string>> = {
  completed: 'bg-success text-white border-success',
  current: 'bg-primary text-white border-primary',
  upcoming: 'bg-body text-body-secondary border-secondary',
  'not needed': 'bg-body text-body-secondary border-secondary-subtle',
};

/**
 * The wizard's progress: 'Step 3 of 7', then every main step by name, the current one marked with
 * aria-current="step" (and the sub-step on screen: 3a, 3b or 5a), the done ones with a check and a
 * visually hidden "completed" (the check alone says nothing to a screen reader), and after a
 * premium-only safe harbor the steps it makes unnecessary marked "not needed".
 */
export function NdtProgress({ step, answers }: { step: NdtStep; answers: NdtAnswers }) {
  const { items, position, total } = progressOf(step, answers);
  return (
    <nav aria-label="Test progress" className="mb-3">
      <p className="fw-semibold mb-2">
        Step {position} of {total}
      </p>
      <ol className="list-unstyled d-flex flex-wrap gap-3 mb-0 small">
        {items.map((item) => (
          <li
            key={item.step}
            aria-current={item.state === 'current' ? 'step' : undefined}
            className={`d-flex align-items-center gap-2 ${
              item.state === 'current'
                ? 'fw-semibold'
                : item.state === 'completed'
                  ? ''
                  : 'text-body-secondary'
            }`}
          >
            <span
              aria-hidden="true"
              className={`d-inline-flex justify-content-center align-items-center rounded-circle border ${MARKER_CLASS[item.state]}`}
              style={{ width: '1.75rem', height: '1.75rem' }}
            >
              {item.state === 'completed' ? '✓' : item.step}
            </span>
            <span>
              <span className="visually-hidden">Step {item.step}: </span>
              {item.name}
              {item.subStep && (
                <span className="d-block fw-normal">
                  {item.subStep}: {STEP_NAMES[item.subStep]}
                </span>
              )}
              {item.state === 'completed' && <span className="visually-hidden"> (completed)</span>}
              {item.state === 'not needed' && <span> (not needed)</span>}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
