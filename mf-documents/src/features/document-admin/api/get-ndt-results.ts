import { useApi, type ApiResult } from 'shared-ui';

/** One stored non-discrimination test as the admin page lists it. */
export type NdtResultRow = ApiResult<'/epop-document/{documentId}/admin/non-discrimination-results'>[number];

/** GET epop-document/{documentId}/admin/non-discrimination-results: the last 4, newest first. */
export const useNdtResults = (documentId: string) =>
  useApi('/epop-document/{documentId}/admin/non-discrimination-results', { path: { documentId } });
