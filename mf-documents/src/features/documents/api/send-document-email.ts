import { api } from 'shared-ui';

/** Who receives the document: the signed-in user, or every recipient on the document. */
export type DocumentEmailRecipients = 'send-self' | 'send-all';

/** POST epop-document/{documentId}/email/send-self | send-all, with no payload (§7). */
export const sendDocumentEmail = (documentId: string, recipients: DocumentEmailRecipients) =>
  api.post<unknown>(`epop-document/${encodeURIComponent(documentId)}/email/${recipients}`);
