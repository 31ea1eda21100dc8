import { apiClient, call, useApi, type ApiBody, type ApiPaths, type ApiResult } from 'shared-ui';

export type RuleType = ApiResult<'/strategic-partner/rule'>[number];
export type AssignedRule = ApiResult<'/strategic-partner/{id}/rule'>[number];
export type RuleRow = ApiResult<'/strategic-partner/{id}/rule/{ruleTypeId}'>[number];
type RulePost = NonNullable<ApiPaths['/strategic-partner/{id}/rule/{route}']['post']>;
/** A rule type's route: where its rows are posted. */
export type RuleRoute = RulePost['parameters']['path']['route'];
export type RuleRowPayload = ApiBody<'/strategic-partner/{id}/rule/{route}', 'post'>[number];

/** GET strategic-partner/rule: the five rule types. */
export const useRuleTypes = () => useApi('/strategic-partner/rule');

/** GET strategic-partner/{companyId}/rule: the assigned rules. */
export const useAssignedRules = (companyId: string) =>
  useApi('/strategic-partner/{id}/rule', { path: { id: companyId } });

/** GET strategic-partner/{companyId}/rule/{ruleTypeId}: a rule's rows (none: not assigned). */
export const useRuleRows = (companyId: string, ruleTypeId: number | undefined) =>
  useApi(
    '/strategic-partner/{id}/rule/{ruleTypeId}',
    ruleTypeId === undefined ? null : { path: { id: companyId, ruleTypeId } },
  );

/** POST strategic-partner/{companyId}/rule/{route}: the rule's rows (they replace its old ones). */
export function saveRule(companyId: string, route: RuleRoute, rows: RuleRowPayload[]) {
  return call(
    apiClient.POST('/strategic-partner/{id}/rule/{route}', {
      params: { path: { id: companyId, route } },
      body: rows,
    }),
  );
}

/** DELETE strategic-partner/{companyId}/rule/{ruleId}: the whole rule (every product's row). */
export function removeRule(companyId: string, ruleTypeId: number) {
  return call(
    apiClient.DELETE('/strategic-partner/{id}/rule/{ruleId}', {
      params: { path: { id: companyId, ruleId: ruleTypeId }, query: {} },
    }),
  );
}

/** What the detail form of each rule type needs after a change: the lists reload (§4). */
export const RULE_READS = [
  '/strategic-partner/{id}/rule',
  '/strategic-partner/{id}/rule/{ruleTypeId}',
] as const;
