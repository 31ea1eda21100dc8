import { Alert, Col, Row } from 'shared-ui/bootstrap';
import {
  BENEFIT_FLAGS,
  DATES_OF_ELIGIBILITY,
  PLAN_YEAR_MESSAGES,
  SEASONAL_WEEKS,
  waitingPeriodWarning,
  WAITING_PERIODS,
  WORKING_HOURS_PER_WEEK,
  WORKING_MONTHS_PER_YEAR,
} from 'shared-domain/forms';
import {
  DateField,
  NumericField,
  SelectField,
  TextField,
  useFormikContext,
  YesNoField,
} from 'shared-ui/forms';
import { formatProductDateTime } from 'shared-domain';
import { isRenewal, type FormValues } from '../model.js';
import { BENEFIT_LABELS } from './labels.js';
import { FORMAT_HELP, TERM_HELP } from './help-texts.js';
import type { StepProps } from './step-props.js';

const options = (values: readonly (string | number)[]) =>
  values.map((value) => ({ value: String(value), label: String(value) }));
const WAITING_OPTIONS = options(WAITING_PERIODS.map((period) => period.value));
const HOURS_OPTIONS = options(WORKING_HOURS_PER_WEEK);
const MONTHS_OPTIONS = options(WORKING_MONTHS_PER_YEAR);
const ELIGIBILITY_OPTIONS = options(DATES_OF_ELIGIBILITY);
const SEASONAL_OPTIONS = options(SEASONAL_WEEKS);

/**
 * Step 2 - Plan Details (specs/2-documents.md §2; the plan-year and waiting-period rules of §5; the
 * plan-year rule of ../shared/domain/plan-documents.md). `showReason`: compliance's reason for a plan
 * year or amendment that starts before today, shown only when the dates need it.
 */
export function PlanStep({ editable, document, showReason = false }: StepProps & { showReason?: boolean }) {
  const { values } = useFormikContext<FormValues>();
  const warning = waitingPeriodWarning(values);
  const amendment = values.amendmentToOriginal === true;
  // A renewal continues the plan: its original effective date is carried forward whatever this year's
  // amendment answer (the documents print it).
  const renewal = isRenewal(document);
  return (
    <>
      <YesNoField
        name="amendmentToOriginal"
        label="Is this an amendment to an original plan?"
        help={TERM_HELP.amendment}
      />
      {(amendment || renewal) && (
        <Row>
          <Col md={6}>
            <DateField
              name="originalEffectiveDate"
              label="Original Effective Date"
              readOnly={!editable.originalEffectiveDate}
              help={
                renewal
                  ? `The date the plan first took effect, carried forward${editable.originalEffectiveDate ? '' : ' (only compliance changes it)'}.`
                  : FORMAT_HELP.date
              }
            />
          </Col>
          {amendment && (
            <Col md={6}>
              <DateField
                name="amendmentEffectiveDate"
                label="Amendment Effective Date"
                help={FORMAT_HELP.date}
              />
            </Col>
          )}
        </Row>
      )}
      <Row>
        <Col md={6}>
          <DateField
            name="currentPlanYearStartDate"
            label="Plan Year Start Date"
            required
            help={FORMAT_HELP.date}
            readOnly={!editable.planDates}
          />
        </Col>
        <Col md={6}>
          <DateField
            name="currentPlanYearEndDate"
            label="Plan Year End Date"
            required
            readOnly={!editable.planDates}
          />
        </Col>
      </Row>
      {document.retroactive && (
        <Alert variant="info" data-testid="retroactive-reason">
          Allowed by compliance ({document.retroactive.by}, {formatProductDateTime(document.retroactive.at)}):
          a plan year or amendment that starts before the day the document was ordered.{' '}
          {document.retroactive.reason}
        </Alert>
      )}
      {showReason && (
        <TextField
          name="retroactiveReason"
          label={PLAN_YEAR_MESSAGES.reasonLabel}
          help={PLAN_YEAR_MESSAGES.reasonHelp}
          maxLength={500}
        />
      )}
      <YesNoField name="shortPlanYear" label="Short Plan Year" help={TERM_HELP.shortPlanYear} />
      <Row>
        <Col md={6}>
          <NumericField
            name="totalNumAtStartPlanYear"
            label="Total Employees at Start of Plan Year"
            required
          />
        </Col>
        <Col md={6}>
          <NumericField name="totalNumBenefitEligible" label="Benefit-Eligible Employees" required />
        </Col>
      </Row>
      <Row>
        <Col md={4}>
          <SelectField
            name="requiredWaitingPeriod"
            label="Required Waiting Period"
            options={WAITING_OPTIONS}
          />
        </Col>
        <Col md={4}>
          <SelectField
            name="requiredWorkingHoursPerWeek"
            label="Required Working Hours per Week"
            options={HOURS_OPTIONS}
          />
        </Col>
        <Col md={4}>
          <SelectField
            name="requiredWorkingMonthsPerYear"
            label="Required Working Months per Year"
            options={MONTHS_OPTIONS}
          />
        </Col>
      </Row>
      <Row>
        <Col md={6}>
          <SelectField name="dateOfEligibility" label="Date of Eligibility" options={ELIGIBILITY_OPTIONS} />
        </Col>
        {values.dateOfEligibility === 'Other' && (
          <Col md={6}>
            <DateField
              name="otherDateOfEligibility"
              label="Other Date of Eligibility"
              required
              help={FORMAT_HELP.date}
            />
          </Col>
        )}
      </Row>
      <YesNoField name="unionEmployeesEligible" label="Are union employees eligible?" />
      <YesNoField name="seasonalEmployeesEligible" label="Are seasonal employees eligible?" />
      {values.seasonalEmployeesEligible === true && (
        <SelectField
          name="seasonalWorksLessThanWeeks"
          label="Seasonal employees who work less than (weeks)"
          options={SEASONAL_OPTIONS}
        />
      )}
      <NumericField
        name="noticeTimeFrame"
        label="Notice Timeframe (days)"
        maxValue={9999}
        help={FORMAT_HELP.noticeTimeFrame}
      />
      <fieldset>
        <legend className="h5">Benefits offered on a pre-tax basis</legend>
        <Row>
          {BENEFIT_FLAGS.map((flag) => (
            <Col md={4} key={flag}>
              <YesNoField name={flag} label={BENEFIT_LABELS[flag]} />
            </Col>
          ))}
        </Row>
      </fieldset>
      <TextField name="otherBenefitsOffered" label="Other Benefits Offered" />
      {warning && (
        <Alert variant="warning" data-testid="waiting-period-warning">
          {warning}
        </Alert>
      )}
    </>
  );
}
