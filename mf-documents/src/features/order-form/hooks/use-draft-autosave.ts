import { useCallback, useEffect, useRef } from 'react';
import { deleteDraft, putDraft, type DraftValues } from '../api/document-draft.js';

/** How long typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 1000;

/** What the server should hold: the step and answers, or nothing (the answers are the loaded ones). */
type Wanted = { step: number; values: DraftValues } | null;

interface AutosaveOptions {
  /** cart-api's key of this form; null: this form keeps no draft (a read-only view). */
  formKey: string | null;
  /** The draft to keep now: null when the answers are those of the loaded document. */
  wanted: Wanted;
  step: number;
  /** The draft the form opened with (restored), which the server holds already. */
  restored: Wanted;
}

/**
 * Keeps the server's draft of the form up to date: 1 s after the last change, at once on a step
 * change, when the page is hidden and when the form goes away (in-app navigation: the router is not a
 * data router, so leaving cannot be blocked, only kept). The api module sends one form's requests one
 * after another (api/document-draft.ts).
 */
export function useDraftAutosave({ formKey, wanted, step, restored }: AutosaveOptions) {
  const text = wanted === null ? 'none' : JSON.stringify(wanted);
  const sent = useRef(restored === null ? 'none' : JSON.stringify(restored));
  const latest = useRef({ text, wanted });
  latest.current = { text, wanted };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const finished = useRef(false);
  const previousStep = useRef(step);

  // Silent calls: a failed save leaves the form as it is (the leave prompt still guards it).
  const enqueue = useCallback((request: () => Promise<unknown>) => request().catch(() => undefined), []);

  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const { text: now, wanted: draft } = latest.current;
    if (formKey === null || finished.current || now === sent.current) return;
    sent.current = now;
    void enqueue(() => (draft === null ? deleteDraft(formKey) : putDraft(formKey, draft.step, draft.values)));
  }, [enqueue, formKey]);

  useEffect(() => {
    const stepChanged = previousStep.current !== step;
    previousStep.current = step;
    if (formKey === null || finished.current || text === sent.current) return;
    if (timer.current !== null) clearTimeout(timer.current);
    if (stepChanged) flush();
    else timer.current = setTimeout(flush, AUTOSAVE_DELAY_MS);
  }, [text, step, formKey, flush]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      // Leaving the form in the app: what was typed in the last second is kept too.
      flush();
    };
  }, [flush]);

  /** Discard: the server forgets the draft; the form goes back to the loaded answers. */
  const discard = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    sent.current = 'none';
    if (formKey !== null) void enqueue(() => deleteDraft(formKey));
  }, [enqueue, formKey]);

  /** The form was saved (or added to the cart): no more drafts of it, and the stored one goes. */
  const finish = useCallback(async () => {
    finished.current = true;
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    sent.current = 'none';
    if (formKey !== null) await enqueue(() => deleteDraft(formKey));
  }, [enqueue, formKey]);

  /** After a save that stays on the page (compliance's Update): drafts start again from here. */
  const restart = useCallback(() => {
    finished.current = false;
  }, []);

  return { flush, discard, finish, restart };
}
