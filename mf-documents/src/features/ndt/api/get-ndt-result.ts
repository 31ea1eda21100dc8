import { apiClient, queryKey, useQuery, type ApiResult } from 'shared-ui';
import { callUnlessNotFound } from '../../../lib/quiet-not-found.js';

/** A stored test (specs/2-documents.md §3 "Stored result"), with every sub-answer and its why. */
export type StoredNdtResult = ApiResult<'/epop-document/{documentId}/non-discrimination/{resultId}'>;
export type NdtResultRow = StoredNdtResult['results'][number];

/** GET epop-document/{documentId}/non-discrimination/{resultId}: one stored test (Show Results). */
export const getNdtResult = (documentId: string, resultId: string): Promise<StoredNdtResult> =>
  callUnlessNotFound(
    apiClient.GET('/epop-document/{documentId}/non-discrimination/{resultId}', {
      params: { path: { documentId, resultId } },
    }),
  );

/** `resultId` null skips the read (the result just taken is already on the page). */
export const useNdtResult = (documentId: string, resultId: string | null) =>
  useQuery(
    resultId
      ? queryKey('/epop-document/{documentId}/non-discrimination/{resultId}', documentId, resultId)
      : null,
    () => getNdtResult(documentId, resultId!),
  );
