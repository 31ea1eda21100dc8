import { apiClient, call } from 'shared-ui';

/**
 * The order form's autosaved draft (`GET/PUT/DELETE document-draft?form=`, the caller's own). Silent:
 * a draft is a convenience, so a failure never interrupts the user with a toast; the form goes on
 * with what it has (and the unsaved-changes prompt still guards the page).
 */
export const getDraft = (form: string) =>
  call(apiClient.GET('/document-draft', { params: { query: { form } } }), { silent: true });

export type SavedDraft = NonNullable<Awaited<ReturnType<typeof getDraft>>['draft']>;
export type DraftValues = SavedDraft['values'];

export const putDraft = (form: string, step: number, values: DraftValues) =>
  call(apiClient.PUT('/document-draft', { params: { query: { form } }, body: { step, values } }), {
    silent: true,
  });

export const deleteDraft = (form: string) =>
  call(apiClient.DELETE('/document-draft', { params: { query: { form } } }), { silent: true });
