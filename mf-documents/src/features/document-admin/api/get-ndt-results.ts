import { apiClient, call, queryKey, useQuery, type ApiResult } from 'shared-ui';

/** One stored non-discrimination test as the admin page lists it. */
export type NdtResultRow = ApiResult<'/epop-document/{documentId}/admin/non-discrimination-results'>[number];

/** GET epop-document/{documentId}/admin/non-discrimination-results: the last 4, newest first. */
export const getNdtResults = (documentId: string): Promise<NdtResultRow[]> =>
  call(
    apiClient.GET('/epop-document/{documentId}/admin/non-discrimination-results', {
      params: { path: { documentId } },
    }),
  );

export const useNdtResults = (documentId: string) =>
  useQuery(queryKey('/epop-document/{documentId}/admin/non-discrimination-results', documentId), () =>
    getNdtResults(documentId),
  );
