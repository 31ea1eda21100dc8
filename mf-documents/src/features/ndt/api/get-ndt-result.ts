import { useApi, type ApiResult } from 'shared-ui';

/** A stored test (specs/2-documents.md §3 "Stored result"), with every sub-answer and its why. */
export type StoredNdtResult = ApiResult<'/epop-document/{documentId}/non-discrimination/{resultId}'>;
export type NdtResultRow = StoredNdtResult['results'][number];

/**
 * GET epop-document/{documentId}/non-discrimination/{resultId}: one stored test (Show Results); a 404
 * is the page's to say. `resultId` null skips the read (the result just taken is already on the page).
 */
export const useNdtResult = (documentId: string, resultId: string | null) =>
  useApi(
    '/epop-document/{documentId}/non-discrimination/{resultId}',
    resultId ? { path: { documentId, resultId } } : null,
    { quiet: [404] },
  );
