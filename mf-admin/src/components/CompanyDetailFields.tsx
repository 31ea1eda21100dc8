import type { ReactNode } from 'react';
import { Col, Row } from 'shared-ui/bootstrap';
import { TERMS } from 'shared-ui';
import { FieldFrame, MaskedField, StateSelect, TextField, useFieldFrame } from 'shared-ui/forms';

/** The company detail's notes: a few lines of text. */
function NotesField({ name, label }: { name: string; label: string }) {
  const { field, id, invalid, error } = useFieldFrame<string>(name);
  return (
    <FieldFrame id={id} error={error} label={label}>
      {(describedBy) => (
        // A plain textarea tied to the label by the frame's id.
        <textarea
          id={id}
          rows={3}
          {...field}
          value={field.value ?? ''}
          maxLength={2000}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={invalid ? 'form-control is-invalid' : 'form-control'}
        />
      )}
    </FieldFrame>
  );
}

interface CompanyDetailFieldsProps {
  /** Where the company detail sits in the form's values: 'companyDetail.' or '' (at the top). */
  prefix: string;
  /** The company name's label. */
  nameLabel: string;
  /** Columns (md 8 in all) beside the phone. */
  besidePhone: ReactNode;
  /** Fields between the phone's row and the notes. */
  children?: ReactNode;
}

/**
 * A company detail's fields (specs/3-admin.md §5) with their masks: name, federal tax id
 * (##-#######), address, city, the state among the 51, zip (##### or #####-####), phone
 * ((###) ###-####) and notes. Inside a Formik form.
 */
export function CompanyDetailFields({ prefix, nameLabel, besidePhone, children }: CompanyDetailFieldsProps) {
  return (
    <>
      <Row>
        <Col md={8}>
          <TextField name={`${prefix}name`} label={nameLabel} required maxLength={200} />
        </Col>
        <Col md={4}>
          <MaskedField name={`${prefix}federalTaxId`} label={TERMS.federalTaxId} mask="taxId" />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <TextField name={`${prefix}addressLine1`} label="Address Line 1" maxLength={200} />
        </Col>
        <Col md={6}>
          <TextField name={`${prefix}addressLine2`} label="Address Line 2" maxLength={200} />
        </Col>
      </Row>
      <Row>
        <Col md={5}>
          <TextField name={`${prefix}city`} label="City" maxLength={200} />
        </Col>
        <Col md={4}>
          <StateSelect name={`${prefix}state`} label="State" />
        </Col>
        <Col md={3}>
          <MaskedField name={`${prefix}zipCode`} label={TERMS.zipCode} mask="zip" />
        </Col>
      </Row>
      <Row>
        <Col md={4}>
          <MaskedField name={`${prefix}phone`} label="Phone" mask="phone" autoComplete="off" />
        </Col>
        {besidePhone}
      </Row>
      {children}
      <NotesField name={`${prefix}notes`} label="Notes" />
    </>
  );
}
