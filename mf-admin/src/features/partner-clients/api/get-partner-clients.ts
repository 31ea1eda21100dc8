import { PAGE_SIZE } from 'shared-domain';
import { apiClient, apiUrl, call, queryKey, useQuery, type ApiResult } from 'shared-ui';

/** A page of a strategic partner's clients (specs/3-admin.md §3 "Partner client"). */
export type PartnerClientPage = ApiResult<'/strategic-partner/{id}/client'>;
export type PartnerClient = PartnerClientPage['data'][number];

/** GET strategic-partner/{companyId}/client?page&pageSize=10 (specs/3-admin.md §7). */
export const getPartnerClients = async (companyId: string, page: number) =>
  // The path answers JSON here; its Excel answer (export=true) is downloaded, never read by the client.
  (await call(
    apiClient.GET('/strategic-partner/{id}/client', {
      params: { path: { id: companyId }, query: { page, pageSize: PAGE_SIZE } },
    }),
  )) as PartnerClientPage;

export function usePartnerClients(companyId: string, page: number) {
  return useQuery(queryKey('/strategic-partner/{id}/client', companyId, page), () =>
    getPartnerClients(companyId, page),
  );
}

/** 'Export Client List': the same path with page=0, pageSize=0, export=true, an Excel file of every client. */
export const partnerClientsExportUrl = (companyId: string) =>
  `${apiUrl('/strategic-partner/{id}/client', { id: companyId })}?${new URLSearchParams({
    page: '0',
    pageSize: '0',
    export: 'true',
  })}`;
