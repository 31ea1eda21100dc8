import { apiClient, call } from 'shared-ui';

/** DELETE discount/{id}. */
export function deletePromoCode(id: string) {
  return call(apiClient.DELETE('/discount/{id}', { params: { path: { id } } }));
}
