import { apiClient, call, type ApiResult } from 'shared-ui';

/** A partner's settings for a document: account id fields, their labels, the Colonial block. */
export type DocumentPartnerSettings = ApiResult<'/epop-document/{documentId}/partner/{partnerId}'>;

/**
 * GET epop-document/{documentId}/partner/{partnerId}: read when compliance chooses a partner (once per
 * choice, to fill the fields; not a cached view).
 */
export const getPartnerSettings = (documentId: string, partnerId: string): Promise<DocumentPartnerSettings> =>
  call(
    apiClient.GET('/epop-document/{documentId}/partner/{partnerId}', {
      params: { path: { documentId, partnerId } },
    }),
  );
