import { apiClient, call, type ClientDetails, type ClientPayload } from 'shared-ui';

/** What the edit mode sends: the company detail, legal entity, state of legal construction, ERISA. */
export type { ClientPayload };

/** POST client/{clientId}: saves the edit; answers the client as saved. */
export const saveClient = (clientId: string, body: ClientPayload): Promise<ClientDetails> =>
  call(apiClient.POST('/client/{clientId}', { params: { path: { clientId } }, body }));
