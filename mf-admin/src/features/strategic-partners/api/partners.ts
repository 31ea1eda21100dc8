import { apiClient, call, queryKey, useQuery, type ApiBody, type ApiResult } from 'shared-ui';

/** A strategic partner (specs/3-admin.md §3): companyId, customUrl, referralId, companyDetail. */
export type StrategicPartner = ApiResult<'/strategic-partner/{id}'>;
/** A partner as the page holds it: a saved one, or the blank of `GET strategic-partner/new` (no companyId). */
export type PartnerRecord = StrategicPartner | ApiResult<'/strategic-partner/new'>;
export type PartnerPayload = ApiBody<'/strategic-partner', 'post'>;

/** GET strategic-partner/new, or GET strategic-partner/{companyId}. */
export function useStrategicPartner(companyId: string | undefined) {
  return useQuery<PartnerRecord>(
    companyId === undefined
      ? queryKey('/strategic-partner/new')
      : queryKey('/strategic-partner/{id}', companyId),
    () =>
      companyId === undefined
        ? call(apiClient.GET('/strategic-partner/new'))
        : call(apiClient.GET('/strategic-partner/{id}', { params: { path: { id: companyId } } })),
  );
}

/** POST strategic-partner (create) or POST strategic-partner/{companyId} (update). */
export function savePartner(companyId: string | undefined, body: PartnerPayload) {
  return companyId === undefined
    ? call(apiClient.POST('/strategic-partner', { body }))
    : call(apiClient.POST('/strategic-partner/{id}', { params: { path: { id: companyId } }, body }));
}

/** DELETE strategic-partner/{companyId}. */
export function deletePartner(companyId: string) {
  return call(apiClient.DELETE('/strategic-partner/{id}', { params: { path: { id: companyId } } }));
}
