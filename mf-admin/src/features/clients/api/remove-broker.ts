import { apiClient, call } from 'shared-ui';

/** DELETE client/{clientId}/broker: the client no longer has a broker. */
export const removeBroker = (clientId: string): Promise<unknown> =>
  call(apiClient.DELETE('/client/{clientId}/broker', { params: { path: { clientId } } }));
