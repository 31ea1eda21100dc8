import { Type, Uuid } from 'service-kit';

/** An option of the 'New POP Document' partner dropdown. */
export const StrategicPartnerOption = Type.Object({ companyId: Uuid(), name: Type.String() });
