import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Busy } from 'shared-ui';
import { useAssignedRules, useRuleTypes } from '../api/rules.js';
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

  return (
    <section aria-labelledby="partner-rules-title" className="mb-4">
      <h2 id="partner-rules-title" className="h5">
        Rules
      </h2>
      {(error && !assigned) || (typesError && !types) ? (
        <Alert variant="danger">The rules could not be loaded.</Alert>
      ) : !assigned || !types ? (
        <Busy label="Loading rules" size="sm" />
      ) : (
        <>
          {assigned.length === 0 ? (
            <p className="text-muted">No rules assigned</p>
          ) : (
            <Table size="sm" hover aria-label="Assigned rules">
              <thead>
                <tr>
                  <th scope="col">Rule</th>
                  <th scope="col">Settings</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {assigned.map((rule) => (
                  <tr key={rule.id} className={rule.id === openTypeId ? 'table-active' : undefined}>
                    <td>{rule.displayName}</td>
                    <td>{rule.summary}</td>
                    <td className="text-end">
                      <Button
                        variant="link"
                        size="sm"
                        aria-label={`Open ${rule.displayName}`}
                        onClick={() => setOpenTypeId(rule.id)}
                      >
                        Open
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
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
