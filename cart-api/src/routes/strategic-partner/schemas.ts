import { Type, Uuid } from 'service-kit';

/** An option of the 'New POP Document' partner dropdown. */
export const StrategicPartnerOption = Type.Object({ companyId: Uuid(), name: Type.String() });

/** `GET strategic-partner/{id}/rule/excluded-states` (specs/3-admin.md §3 "Excluded-states response"). */
export const ExcludedStates = Type.Object({
  excludeAny: Type.Boolean(),
  statesToExclude: Type.Array(Type.String({ description: 'two-letter state ids' })),
});
