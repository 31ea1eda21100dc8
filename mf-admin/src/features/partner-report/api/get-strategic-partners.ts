import { apiClient, call, queryKey, useQuery } from 'shared-ui';

/** GET strategic-partner: the partners by name (the report's partner select). */
export function useStrategicPartners() {
  const { data, ...rest } = useQuery(queryKey('/strategic-partner'), () =>
    call(apiClient.GET('/strategic-partner')),
  );
  return { partners: data ?? [], ...rest };
}
