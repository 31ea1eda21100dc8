import { useState } from 'react';
import { Button, Card, Col, Form, Row } from 'shared-ui/bootstrap';
import { Busy, ConfirmDialog, LoadFailed, notifySuccess, useRevalidate } from 'shared-ui';
import {
  Field,
  Form as FormikForm,
  Formik,
  SelectField,
  TextField,
  type FormikErrors,
} from 'shared-ui/forms';
import { useProducts } from '../../../api/products.js';
import {
  removeRule,
  RULE_READS,
  saveRule,
  useRuleRows,
  type RuleRoute,
  type RuleType,
} from '../api/rules.js';
import { PARTNER_MESSAGES } from '../messages.js';
import { blankRow, rowErrors, rowPayloadOf, rowValuesOf, type RuleRowValues } from './rule-form.js';

interface RuleFormValues {
  rows: RuleRowValues[];
}

function validate(route: RuleRoute, values: RuleFormValues): FormikErrors<RuleFormValues> {
  const errors = values.rows.map((row) => rowErrors(route, row));
  return errors.some((error) => Object.keys(error).length > 0) ? { rows: errors as never } : {};
}

/** The fields of one row of the rule type (§3 table). */
function RowFields({ route, index }: { route: RuleRoute; index: number }) {
  const { products } = useProducts();
  const name = (field: keyof RuleRowValues) => `rows.${index}.${field}`;
  switch (route) {
    case 'auto-renew':
      return (
        <Row>
          <Col md={7}>
            <SelectField
              name={name('productId')}
              label="Product"
              required
              options={products.map((product) => ({ value: product.id, label: product.name }))}
            />
          </Col>
          <Col md={5}>
            <TextField
              name={name('daysPrior')}
              label="Days Prior"
              required
              help="0 means none"
              maxLength={3}
            />
          </Col>
        </Row>
      );
    case 'bypass-shopping-cart':
      return (
        <Field
          as={Form.Check}
          type="checkbox"
          name={name('bypass')}
          label="Bypass shopping cart"
          id={name('bypass')}
        />
      );
    case 'custom-pricing':
      return (
        <Row>
          <Col md={6}>
            <TextField name={name('price')} label="Price" required help="Dollars, such as 199 or 199.50" />
          </Col>
          <Col md={6}>
            <TextField name={name('priceWithCommission')} label="Price with Commission" required />
          </Col>
        </Row>
      );
    case 'exclude-states':
      return (
        <TextField
          name={name('states')}
          label="States"
          required
          help="Comma-separated abbreviations, such as CA, NY, WA"
          maxLength={1000}
        />
      );
    case 'link-account-id-to-promo-code':
      return (
        <Field
          as={Form.Check}
          type="checkbox"
          name={name('linked')}
          label="Link account id to promo code"
          id={name('linked')}
        />
      );
  }
}

interface RuleDetailProps {
  companyId: string;
  ruleType: RuleType;
  /** Whether the partner has this rule (Update and Remove) or not yet (Add). */
  assigned: boolean;
  onClose(): void;
}

/**
 * A rule's detail form (specs/3-admin.md §2 Rules, §4 "Partner rule"): the rows of its type; Add (a
 * rule not yet assigned), Update, Remove; 'Rule has been saved' / 'Rule has been removed', and the
 * lists reload. Auto-renew has a row per product.
 */
export function RuleDetail({ companyId, ruleType, assigned, onClose }: RuleDetailProps) {
  const route = ruleType.route as RuleRoute;
  const { data: rows, error } = useRuleRows(companyId, assigned ? ruleType.id : undefined);
  const revalidate = useRevalidate();
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const loaded = !assigned || rows !== undefined;

  async function save(values: RuleFormValues) {
    try {
      await saveRule(
        companyId,
        route,
        values.rows.map((row, index) => rowPayloadOf(route, row, rows?.[index]?.productId ?? null)),
      );
    } catch {
      return; // told by the api client
    }
    notifySuccess(PARTNER_MESSAGES.ruleSaved);
    await revalidate([...RULE_READS], companyId);
  }

  async function remove() {
    setConfirmingRemoval(false);
    try {
      await removeRule(companyId, ruleType.id);
    } catch {
      return;
    }
    notifySuccess(PARTNER_MESSAGES.ruleRemoved);
    await revalidate([...RULE_READS], companyId);
    onClose();
  }

  const initialRows = rows && rows.length > 0 ? rows.map(rowValuesOf) : [blankRow()];
  return (
    <Card className="mt-3" aria-labelledby="rule-detail-title">
      <Card.Body>
        <h3 id="rule-detail-title" className="h6">
          {ruleType.displayName}
        </h3>
        <p className="text-muted small">{ruleType.description}</p>
        {error && !rows ? (
          <LoadFailed what="rule" />
        ) : !loaded ? (
          <Busy label="Loading rule" size="sm" />
        ) : (
          <Formik
            key={`${ruleType.id}-${assigned}`}
            initialValues={{ rows: initialRows }}
            enableReinitialize
            validate={(values) => validate(route, values)}
            onSubmit={save}
          >
            {({ values, isSubmitting, setFieldValue }) => (
              <FormikForm noValidate aria-label={`${ruleType.displayName} rule`}>
                {values.rows.map((_row, index) => (
                  <div key={index} className="d-flex gap-2 align-items-start">
                    <div className="flex-grow-1">
                      <RowFields route={route} index={index} />
                    </div>
                    {route === 'auto-renew' && values.rows.length > 1 && (
                      <Button
                        variant="link"
                        size="sm"
                        className="mt-4"
                        onClick={() =>
                          void setFieldValue(
                            'rows',
                            values.rows.filter((_, i) => i !== index),
                          )
                        }
                      >
                        Remove product
                      </Button>
                    )}
                  </div>
                ))}
                {route === 'auto-renew' && (
                  <Button
                    variant="link"
                    size="sm"
                    className="px-0 mb-2"
                    onClick={() => void setFieldValue('rows', [...values.rows, blankRow()])}
                  >
                    Add another product
                  </Button>
                )}
                <div className="d-flex gap-2">
                  <Button type="submit" disabled={isSubmitting}>
                    {assigned ? 'Update' : 'Add'}
                  </Button>
                  {assigned && (
                    <Button
                      variant="danger"
                      onClick={() => setConfirmingRemoval(true)}
                      disabled={isSubmitting}
                    >
                      Remove
                    </Button>
                  )}
                  <Button variant="outline-secondary" onClick={onClose} disabled={isSubmitting}>
                    Close
                  </Button>
                </div>
              </FormikForm>
            )}
          </Formik>
        )}
        <ConfirmDialog
          show={confirmingRemoval}
          message={PARTNER_MESSAGES.confirmRemoveRule(ruleType.displayName)}
          confirmLabel="Remove"
          confirmVariant="danger"
          onConfirm={() => void remove()}
          onCancel={() => setConfirmingRemoval(false)}
        />
      </Card.Body>
    </Card>
  );
}
