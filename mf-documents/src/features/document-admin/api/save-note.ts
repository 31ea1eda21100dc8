import { apiClient, call } from 'shared-ui';

/** POST epop-document/{documentId}/note: compliance's note ('' clears it). */
export const saveNote = (documentId: string, notes: string) =>
  call(
    apiClient.POST('/epop-document/{documentId}/note', { params: { path: { documentId } }, body: { notes } }),
  );
