import { useApi, type ApiResult } from 'shared-ui';

/** One generated file of the PDF Generation History. */
export type ArchivedFile = ApiResult<'/epop-document/{documentId}/archive'>[number];

/** GET epop-document/{documentId}/archive: every generation, newest first. */
export const useArchive = (documentId: string) =>
  useApi('/epop-document/{documentId}/archive', { path: { documentId } });
