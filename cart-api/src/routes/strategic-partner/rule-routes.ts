import { notFound, Type, validOrFail, type FastifyPluginAsyncTypebox } from 'service-kit';
import { COMPLIANCE } from '../../lib/contract.js';
import { PARTNERS_MESSAGES } from '../../domain/partners/messages.js';
import { partnerById } from '../../domain/partners/partner-queries.js';
import {
  assignedRules,
  checkedRules,
  removeRules,
  replaceRules,
  ruleRows,
} from '../../domain/partners/rule-queries.js';
import {
  AssignedRule,
  RuleIdParams,
  RuleRemoved,
  RuleRemoveQuery,
  RuleRouteParams,
  RuleRow,
  RuleRowsBody,
  RuleType,
  RuleTypeParams,
} from '../../contract/strategic-partner-rule.js';
import { RULE_TYPES, ruleTypeByRoute } from '../../contract/strategic-partner-rule-types.js';
import { PartnerIdParams } from '../../contract/strategic-partner-partner.js';

const ADMIN = { access: COMPLIANCE, ownership: 'none' } as const;

/**
 * A strategic partner's rules (specs/3-admin.md §3 "Partner rule", §4, §7): the five types, the ones
 * assigned, and each type's rows, replaced as a whole by the detail form's Add/Update and removed by
 * Remove. Where each rule acts is README "Partner rules".
 */
const ruleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function partnerExists(companyId: string) {
    if (!(await partnerById(app.db, companyId))) throw notFound(PARTNERS_MESSAGES.notFound);
  }

  app.get(
    '/rule',
    {
      config: ADMIN,
      schema: { summary: 'The five rule types', response: { 200: Type.Array(RuleType) } },
    },
    async () => RULE_TYPES.map((type) => ({ ...type })),
  );

  app.get(
    '/:id/rule',
    {
      config: ADMIN,
      schema: {
        summary: "The partner's assigned rules (one per rule type it has rows of)",
        params: PartnerIdParams,
        response: { 200: Type.Array(AssignedRule) },
      },
    },
    async (request) => {
      await partnerExists(request.params.id);
      return assignedRules(app.db, request.params.id);
    },
  );

  app.get(
    '/:id/rule/:ruleTypeId',
    {
      config: ADMIN,
      schema: {
        summary: "The partner's rows of one rule type (none: not assigned)",
        params: RuleTypeParams,
        response: { 200: Type.Array(RuleRow) },
      },
    },
    async (request) => {
      await partnerExists(request.params.id);
      return ruleRows(app.db, request.params.id, request.params.ruleTypeId);
    },
  );

  app.post(
    '/:id/rule/:route',
    {
      config: ADMIN,
      schema: {
        summary:
          "Save the partner's rows of the route's rule type (they replace the ones it had; [] removes them)",
        params: RuleRouteParams,
        body: RuleRowsBody,
        response: { 200: Type.Array(RuleRow) },
      },
    },
    async (request) => {
      const { id, route } = request.params;
      await partnerExists(id);
      const type = ruleTypeByRoute(route)!;
      const rules = validOrFail(await checkedRules(app.db, route, request.body));
      await replaceRules(app.db, id, type.id, rules);
      return ruleRows(app.db, id, type.id);
    },
  );

  app.delete(
    '/:id/rule/:ruleId',
    {
      config: ADMIN,
      schema: {
        summary: "Remove an assigned rule (the rule type's rows; only productId's when given)",
        params: RuleIdParams,
        querystring: RuleRemoveQuery,
        response: { 200: RuleRemoved },
      },
    },
    async (request) => {
      const { id, ruleId } = request.params;
      await partnerExists(id);
      const removed = await removeRules(app.db, id, ruleId, request.query.productId);
      return { ruleTypeId: ruleId, removed };
    },
  );
};

export default ruleRoutes;
