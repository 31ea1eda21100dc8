import { useApi } from 'shared-ui';

/** The fields of a strategic partner the New POP Document dropdown needs (specs/3-admin.md §3). */
export interface StrategicPartnerSummary {
  companyId: string;
  customUrl?: string | null;
  companyDetail?: { name?: string | null } | null;
  name?: string | null;
}

/** GET strategic-partner: a list (a `{ data }` page is accepted too). */
export function useStrategicPartners() {
  const { data, ...rest } = useApi<StrategicPartnerSummary[] | { data: StrategicPartnerSummary[] }>(
    'strategic-partner',
  );
  const partners = Array.isArray(data) ? data : (data?.data ?? []);
  return { partners, ...rest };
}

export function partnerName(partner: StrategicPartnerSummary) {
  return partner.companyDetail?.name ?? partner.name ?? partner.customUrl ?? partner.companyId;
}
