import { apiClient, call } from 'shared-ui';

/** POST epop-document/{documentId}/email/send-self: the three PDFs to the signed-in user. */
export const sendToSelf = (documentId: string) =>
  call(
    apiClient.POST('/epop-document/{documentId}/email/send-self', {
      params: { path: { documentId } },
      body: {},
    }),
  );

/** POST epop-document/{documentId}/email/send-all: the three PDFs to each of the document's addresses. */
export const sendToAll = (documentId: string) =>
  call(
    apiClient.POST('/epop-document/{documentId}/email/send-all', {
      params: { path: { documentId } },
      body: {},
    }),
  );
