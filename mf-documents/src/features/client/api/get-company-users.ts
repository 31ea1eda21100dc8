import { apiClient, queryKey, useQuery, type CompanyUser } from 'shared-ui';
import { callUnlessNotFound } from '../../../lib/quiet-not-found.js';

/** GET company/{companyId}/user: the company users panel's rows. */
export const getCompanyUsers = (companyId: string): Promise<CompanyUser[]> =>
  callUnlessNotFound(apiClient.GET('/company/{companyId}/user', { params: { path: { companyId } } }));

export const companyUsersKey = (companyId: string) => queryKey('/company/{companyId}/user', companyId);

export const useCompanyUsers = (companyId: string) =>
  useQuery(companyUsersKey(companyId), () => getCompanyUsers(companyId));
