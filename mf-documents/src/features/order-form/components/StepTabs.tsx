import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { StepNumber } from '../validate.js';

export const STEPS: readonly StepNumber[] = [1, 2, 3, 4];
export const tabIdOf = (step: StepNumber) => `order-form-step-tab-${step}`;
export const PANEL_ID = 'order-form-step-panel';

interface StepTabsProps {
  step: StepNumber;
  titleOf: (step: StepNumber) => string;
  /** Steps whose answers pass the rules: a check mark, and 'completed' for screen readers. */
  completed: (step: StepNumber) => boolean;
  onSelect: (step: StepNumber) => void;
}

/**
 * The four step tabs, as the WAI-ARIA tabs pattern has them with manual activation: Left/Right (with
 * wrap-around), Home and End move the focus among the tabs (a roving tabindex: the focused tab is the
 * one Tab reaches), Enter or Space opens the focused step. Manual, because opening a step can be
 * refused (a step before it has errors), which should not happen while the user merely looks along.
 */
export function StepTabs({ step, titleOf, completed, onSelect }: StepTabsProps) {
  const [focusable, setFocusable] = useState<StepNumber>(step);
  const tabs = useRef(new Map<StepNumber, HTMLButtonElement>());
  useEffect(() => setFocusable(step), [step]);

  function moveFocus(target: StepNumber) {
    setFocusable(target);
    tabs.current.get(target)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, tab: StepNumber) {
    const index = STEPS.indexOf(tab);
    const next: Record<string, StepNumber | undefined> = {
      ArrowRight: STEPS[(index + 1) % STEPS.length],
      ArrowLeft: STEPS[(index - 1 + STEPS.length) % STEPS.length],
      Home: STEPS[0],
      End: STEPS[STEPS.length - 1],
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveFocus(target);
  }

  return (
    <ul
      className="nav nav-tabs mb-3"
      role="tablist"
      aria-label="Order form steps"
      onBlur={(event) => {
        // Leaving the tab list: Tab brings the user back to the open step's tab.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusable(step);
      }}
    >
      {STEPS.map((tab) => {
        const done = completed(tab);
        return (
          <li className="nav-item" role="presentation" key={tab}>
            <button
              ref={(element) => {
                if (element) tabs.current.set(tab, element);
                else tabs.current.delete(tab);
              }}
              type="button"
              role="tab"
              id={tabIdOf(tab)}
              aria-controls={PANEL_ID}
              aria-selected={tab === step}
              tabIndex={tab === focusable ? 0 : -1}
              className={`nav-link${tab === step ? ' active' : ''}`}
              onClick={() => onSelect(tab)}
              onKeyDown={(event) => onKeyDown(event, tab)}
            >
              {titleOf(tab)}
              {done && (
                <>
                  <span aria-hidden="true" className="ms-2 text-success">
                    ✓
                  </span>
                  <span className="visually-hidden"> completed</span>
                </>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
