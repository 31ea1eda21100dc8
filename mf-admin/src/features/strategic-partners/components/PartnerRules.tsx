import { useState } from 'react';
import { Button, Form } from 'shared-ui/bootstrap';
import { DataTable, LoadFailed, type Column } from 'shared-ui';
import { useAssignedRules, useRuleTypes, type AssignedRule } from '../api/rules.js';
import { RuleDetail } from './RuleDetail.js';

/**
 * The partner's rules (specs/3-admin.md §2 Rules, §4): the assigned rules, a dropdown of the rule
 * types not assigned yet to add one, and the detail form of the one opened.
 */
export function PartnerRules({ companyId }: { companyId: string }) {
  const { data: types, error: typesError } = useRuleTypes();
  const { data: assigned, error } = useAssignedRules(companyId);
  const [openTypeId, setOpenTypeId] = useState<number>();

  const available = (types ?? []).filter((type) => !(assigned ?? []).some((rule) => rule.id === type.id));
  const openType = types?.find((type) => type.id === openTypeId);
  const openAssigned = (assigned ?? []).some((rule) => rule.id === openTypeId);
  const columns: Column<AssignedRule>[] = [
    { key: 'rule', header: 'Rule', cell: (rule) => rule.displayName },
    { key: 'settings', header: 'Settings', cell: (rule) => rule.summary },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'text-end',
      cell: (rule) => (
        <Button
          variant="outline-secondary"
          size="sm"
          aria-label={`Open ${rule.displayName}`}
          onClick={() => setOpenTypeId(rule.id)}
        >
          Open
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="partner-rules-title" className="mb-4">
      <h2 id="partner-rules-title" className="h5">
        Rules
      </h2>
      {(error && !assigned) || (typesError && !types) ? (
        <LoadFailed what="rules" />
      ) : (
        <>
          <DataTable
            label="Assigned rules"
            columns={columns}
            rows={types ? assigned : undefined}
            rowKey={(rule) => String(rule.id)}
            rowClassName={(rule) => (rule.id === openTypeId ? 'table-active' : undefined)}
            empty="No rules assigned"
            busyLabel="Loading rules"
            size="sm"
            hover
          />
          {available.length > 0 && (
            <Form.Group controlId="partner-rule-add" style={{ maxWidth: '24rem' }}>
              <Form.Label>Add a rule</Form.Label>
              <Form.Select
                value=""
                onChange={(event) => event.target.value !== '' && setOpenTypeId(Number(event.target.value))}
              >
                <option value="">Select...</option>
                {available.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.displayName}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          )}
          {openType && (
            <RuleDetail
              companyId={companyId}
              ruleType={openType}
              assigned={openAssigned}
              onClose={() => setOpenTypeId(undefined)}
            />
          )}
        </>
      )}
    </section>
  );
}
