import { apiClient, call } from 'shared-ui';

/** DELETE company/{companyId}/user/{userId}: Remove Access. */
export const removeCompanyUser = (companyId: string, userId: string): Promise<unknown> =>
  call(apiClient.DELETE('/company/{companyId}/user/{userId}', { params: { path: { companyId, userId } } }));
