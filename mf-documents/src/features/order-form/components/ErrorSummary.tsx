import { useLayoutEffect, useState, type RefObject } from 'react';

export interface FieldProblem {
  name: string;
  message: string;
}

export const ERROR_SUMMARY_TITLE = 'Please correct the following:';

/** The control of a form field, by its name (a radio group's first radio). */
export const controlOf = (container: HTMLElement | null, name: string) =>
  container?.querySelector<HTMLElement>(`[name="${name}"]`) ?? null;

/** Moves the focus to a control and brings it into view. */
export function focusControl(control: HTMLElement) {
  control.focus();
  // jsdom has no scrolling.
  control.scrollIntoView?.({ block: 'center' });
}

interface Resolved extends FieldProblem {
  id: string | null;
}

/**
 * The step's problems after a refused Next, at the top of the step: an alert (announced as it
 * appears) listing each one as a link that focuses its field, in the order the fields are shown.
 */
export function ErrorSummary({
  problems,
  container,
}: {
  problems: readonly FieldProblem[];
  container: RefObject<HTMLElement | null>;
}) {
  const [resolved, setResolved] = useState<Resolved[]>([]);
  const key = JSON.stringify(problems);
  // After the fields are in the page (a refused Next may open another step with this summary).
  useLayoutEffect(() => {
    const withControls = problems.map((problem) => ({
      ...problem,
      control: controlOf(container.current, problem.name),
    }));
    const inPageOrder = [...withControls].sort((a, b) => {
      if (!a.control || !b.control) return a.control ? -1 : b.control ? 1 : 0;
      return a.control.compareDocumentPosition(b.control) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    });
    setResolved(
      inPageOrder.map(({ name, message, control }) => ({ name, message, id: control?.id || null })),
    );
    // `key` stands for the problems' content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, container]);
  if (problems.length === 0) return null;
  return (
    <div className="alert alert-danger" role="alert" aria-labelledby="order-form-error-summary-title">
      <h3 className="h6" id="order-form-error-summary-title">
        {ERROR_SUMMARY_TITLE}
      </h3>
      <ul className="mb-0">
        {resolved.map((problem) => (
          <li key={problem.name}>
            {problem.id ? (
              <a
                href={`#${problem.id}`}
                className="alert-link"
                onClick={(event) => {
                  // Not a hash navigation: the router's history holds the steps.
                  event.preventDefault();
                  const control = controlOf(container.current, problem.name);
                  if (control) focusControl(control);
                }}
              >
                {problem.message}
              </a>
            ) : (
              problem.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
