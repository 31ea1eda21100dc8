import { Type } from 'service-kit';

/** `GET strategic-partner/{id}/rule/excluded-states` (specs/3-admin.md §3 "Excluded-states response"). */
export const ExcludedStates = Type.Object({
  excludeAny: Type.Boolean(),
  statesToExclude: Type.Array(Type.String({ description: 'two-letter state ids' })),
});
