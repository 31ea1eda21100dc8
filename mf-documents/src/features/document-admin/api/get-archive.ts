import { apiClient, call, queryKey, useQuery, type ApiResult } from 'shared-ui';

/** One generated file of the PDF Generation History. */
export type ArchivedFile = ApiResult<'/epop-document/{documentId}/archive'>[number];

/** GET epop-document/{documentId}/archive: every generation, newest first. */
export const getArchive = (documentId: string): Promise<ArchivedFile[]> =>
  call(apiClient.GET('/epop-document/{documentId}/archive', { params: { path: { documentId } } }));

export const useArchive = (documentId: string) =>
  useQuery(queryKey('/epop-document/{documentId}/archive', documentId), () => getArchive(documentId));
