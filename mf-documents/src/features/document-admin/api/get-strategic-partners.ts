import { apiClient, call, queryKey, useQuery, type StrategicPartnerOption } from 'shared-ui';

/** GET strategic-partner: the partners of the dropdown, by name. */
export const getStrategicPartners = (): Promise<StrategicPartnerOption[]> =>
  call(apiClient.GET('/strategic-partner'));

export const useStrategicPartners = () => useQuery(queryKey('/strategic-partner'), getStrategicPartners);
