import { apiClient, call, type CompanyUser } from 'shared-ui';

/** POST company/{companyId}/user/{userId}: Add User (the user chosen in the search). */
export const addCompanyUser = (companyId: string, userId: string): Promise<CompanyUser> =>
  call(
    apiClient.POST('/company/{companyId}/user/{userId}', {
      params: { path: { companyId, userId } },
      body: {},
    }),
  );
