import { apiClient, call } from 'shared-ui';
import type { NdtPayload } from '../wizard.js';
import type { StoredNdtResult } from './get-ndt-result.js';

/**
 * POST epop-document/{documentId}/non-discrimination: the server recomputes the answers, stores the
 * result and answers it (the page never decides Pass). A 400 is told as the catalogue says (a toast).
 */
export const takeNdt = (documentId: string, answers: NdtPayload): Promise<StoredNdtResult> =>
  call(
    apiClient.POST('/epop-document/{documentId}/non-discrimination', {
      params: { path: { documentId } },
      body: answers,
    }),
  );
