import { Col, Row } from 'shared-ui/bootstrap';
import type { ReactNode } from 'react';
import { BENEFIT_FLAGS, displayDate, US_STATES } from 'shared-domain/forms';
import { isRenewal, type FormValues, type LoadedDocument } from '../model.js';
import { BENEFIT_LABELS } from './labels.js';

const text = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '—' : String(value);
const yesNo = (value: unknown): string => (value === true ? 'Yes' : value === false ? 'No' : '—');
const date = (value: unknown): string =>
  typeof value === 'string' && value !== '' ? displayDate(value) : '—';
const stateName = (value: unknown): string =>
  US_STATES.find((state) => state.id === value)?.name ?? text(value);

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-5">{label}</dt>
      <dd className="col-sm-7">{children}</dd>
    </>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-3" aria-label={title}>
      <h4 className="h6 border-bottom pb-1">{title}</h4>
      <dl className="row mb-0">{children}</dl>
    </section>
  );
}

/**
 * Step 4's review: every entered value, read-only, in the order of specs/2-documents.md §2 step 4.
 * Text is rendered by React (escaped): a company name with markup shows as typed.
 */
export function ReviewStep({ values, document }: { values: FormValues; document: LoadedDocument }) {
  const identifiers = document.partner?.customIdentifiers ?? {};
  const colonial = document.partner?.colonial;
  return (
    <div data-testid="document-review">
      <p className="lead">Now, let&apos;s review and place your order.</p>
      <Row>
        <Col lg={6}>
          <Block title="Recipients">
            <Item label="Primary E-mail">{text(values.primaryEmail)}</Item>
            <Item label="Alternate E-mail 1">{text(values.alternateEmail1)}</Item>
            <Item label="Alternate E-mail 2">{text(values.alternateEmail2)}</Item>
            {identifiers['account-id'] && (
              <Item label={identifiers['account-id'].label}>{text(values.accountId)}</Item>
            )}
            {identifiers['account-id-suffix'] && (
              <Item label={identifiers['account-id-suffix'].label}>{text(values.accountIdSuffix)}</Item>
            )}
          </Block>
          <Block title="Company">
            <Item label="Company Name">{text(values.clientCompanyName)}</Item>
            <Item label="Federal Tax ID">{text(values.federalTaxId)}</Item>
            <Item label="Phone">{text(values.phone)}</Item>
            <Item label="Address">
              {text(values.addressLine1)}
              {values.addressLine2 ? <>, {String(values.addressLine2)}</> : null}
              <br />
              {text(values.city)}, {text(values.state)} {text(values.zipCode)}
            </Item>
            <Item label="Benefits Contact">{text(values.benefitsContact)}</Item>
            <Item label="Benefits Contact E-mail">{text(values.benefitContactEmail)}</Item>
            <Item label="Additional Contact E-mail 1">{text(values.additionalContactEmail1)}</Item>
            <Item label="Additional Contact E-mail 2">{text(values.additionalContactEmail2)}</Item>
            <Item label="State of Legal Construction">{stateName(values.stateOfLegalConstruction)}</Item>
            <Item label="Legal Entity Type">{text(values.legalEntityType)}</Item>
            <Item label="Subject to ERISA">{yesNo(values.isERISA)}</Item>
            {values.isERISA === true && <Item label="ERISA Plan Number">{text(values.erisaPlanNumber)}</Item>}
            {colonial && (
              <>
                <Item label="Agent ID">{text(values.agentNumber)}</Item>
                <Item label="No Pay Reason">{colonial.defaultNoPay}</Item>
              </>
            )}
          </Block>
        </Col>
        <Col lg={6}>
          <Block title="Plan Details">
            <Item label="Amendment to Original">{yesNo(values.amendmentToOriginal)}</Item>
            {values.amendmentToOriginal === true ? (
              <>
                <Item label="Original Effective Date">{date(values.originalEffectiveDate)}</Item>
                <Item label="Amendment Effective Date">{date(values.amendmentEffectiveDate)}</Item>
              </>
            ) : (
              // A renewal carries the plan's original effective date forward (the documents print it).
              isRenewal(document) && (
                <Item label="Original Effective Date">{date(values.originalEffectiveDate)}</Item>
              )
            )}
            <Item label="Plan Year">
              {date(values.currentPlanYearStartDate)} to {date(values.currentPlanYearEndDate)}
            </Item>
            <Item label="Total Employees at Start of Plan Year">{text(values.totalNumAtStartPlanYear)}</Item>
            <Item label="Benefit-Eligible Employees">{text(values.totalNumBenefitEligible)}</Item>
            <Item label="Required Waiting Period">{text(values.requiredWaitingPeriod)}</Item>
            <Item label="Required Working Hours per Week">{text(values.requiredWorkingHoursPerWeek)}</Item>
            <Item label="Required Working Months per Year">{text(values.requiredWorkingMonthsPerYear)}</Item>
            <Item label="Date of Eligibility">
              {values.dateOfEligibility === 'Other'
                ? date(values.otherDateOfEligibility)
                : text(values.dateOfEligibility)}
            </Item>
            <Item label="Union Employees Eligible">{yesNo(values.unionEmployeesEligible)}</Item>
            <Item label="Seasonal Employees Eligible">
              {yesNo(values.seasonalEmployeesEligible)}
              {values.seasonalEmployeesEligible === true &&
                ` (less than ${text(values.seasonalWorksLessThanWeeks)} weeks)`}
            </Item>
            <Item label="Notice Timeframe (days)">{text(values.noticeTimeFrame)}</Item>
          </Block>
          <Block title="Pre-Tax Benefits">
            {BENEFIT_FLAGS.map((flag) => (
              <Item key={flag} label={BENEFIT_LABELS[flag]}>
                {yesNo(values[flag])}
              </Item>
            ))}
            <Item label="Other Benefits Offered">{text(values.otherBenefitsOffered)}</Item>
          </Block>
          <Block title="Finish Up">
            <Item label="Short Plan Year">{yesNo(values.shortPlanYear)}</Item>
            <Item label="Allow HSA Contributions">{yesNo(values.allowHSAContributions)}</Item>
            {values.allowHSAContributions === true && (
              <Item label="HSA Amendment Effective Date">{date(values.hsaAmendmentEffectiveDate)}</Item>
            )}
            <Item label="Negative Enrollment">{yesNo(values.negativeEnrollment)}</Item>
            <Item label="Evergreen Rolling Enrollment">{yesNo(values.evergreenRollingEnrollment)}</Item>
            <Item label="Affiliates">{yesNo(values.affiliates)}</Item>
          </Block>
        </Col>
      </Row>
    </div>
  );
}
