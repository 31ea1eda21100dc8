import { apiClient, call } from 'shared-ui';

/**
 * The order form's autosaved draft (`GET/PUT/DELETE document-draft?form=`, the caller's own). Silent:
 * a draft is a convenience, so a failure never interrupts the user with a toast; the form goes on
 * with what it has (and the unsaved-changes prompt still guards the page).
 *
 * The calls of one form go one after another, page-wide: the save made as a form is left finishes
 * before the same form, opened again, reads its draft (else it could restore the one before), and a
 * late save never lands after the delete that follows a successful Save.
 */
const queues = new Map<string, Promise<unknown>>();

function inTurn<T>(form: string, request: () => Promise<T>): Promise<T> {
  const turn = (queues.get(form) ?? Promise.resolve()).catch(() => undefined).then(request);
  queues.set(form, turn);
  return turn;
}

export const getDraft = (form: string) =>
  inTurn(form, () =>
    call(apiClient.GET('/document-draft', { params: { query: { form } } }), { silent: true }),
  );

export type SavedDraft = NonNullable<Awaited<ReturnType<typeof getDraft>>['draft']>;
export type DraftValues = SavedDraft['values'];

export const putDraft = (form: string, step: number, values: DraftValues) =>
  inTurn(form, () =>
    call(apiClient.PUT('/document-draft', { params: { query: { form } }, body: { step, values } }), {
      silent: true,
    }),
  );

export const deleteDraft = (form: string) =>
  inTurn(form, () =>
    call(apiClient.DELETE('/document-draft', { params: { query: { form } } }), { silent: true }),
  );
