import { apiClient, call, useApi, type ApiResult } from 'shared-ui';

/** specs/3-admin.md §3 "Partner label": internalName, label, helpText, visible. */
export type PartnerLabel = ApiResult<'/strategic-partner/{id}/label'>[number];

/** GET strategic-partner/{companyId}/label: every field the partner may label. */
export const usePartnerLabels = (companyId: string) =>
  useApi('/strategic-partner/{id}/label', { path: { id: companyId } });

/** POST strategic-partner/{companyId}/label (the whole table). */
export function savePartnerLabels(companyId: string, labels: PartnerLabel[]) {
  return call(
    apiClient.POST('/strategic-partner/{id}/label', { params: { path: { id: companyId } }, body: labels }),
  );
}
