import { apiClient, call } from 'shared-ui';

/** POST colonial/no-pay/{reasonCode}/{documentId}: a Colonial document's no-pay reason. */
export const processNoPay = (reasonCode: string, documentId: string) =>
  call(
    apiClient.POST('/colonial/no-pay/{reasonCode}/{documentId}', {
      params: { path: { reasonCode, documentId } },
      body: {},
    }),
  );
