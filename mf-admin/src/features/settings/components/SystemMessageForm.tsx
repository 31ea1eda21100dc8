import { Alert, Button, Col, Row } from 'shared-ui/bootstrap';
import {
  ChoiceField,
  DateField,
  Form,
  Formik,
  SelectField,
  TextAreaField,
  TimeField,
  YesNoField,
} from 'shared-ui/forms';
import { LEVEL_LABELS, LOCATION_LABELS } from '../messages.js';
import {
  MESSAGE_MAX_LENGTH,
  validateSystemMessage,
  type MessageLevel,
  type MessageLocation,
  type SystemMessageFormValues,
} from './system-message-form.js';

const LOCATIONS = (Object.keys(LOCATION_LABELS) as MessageLocation[]).map((value) => ({
  value,
  label: LOCATION_LABELS[value],
}));
const LEVELS = (Object.keys(LEVEL_LABELS) as MessageLevel[]).map((value) => ({
  value,
  label: LEVEL_LABELS[value],
}));

/** The editor of one message: where, what, how it looks (with a preview), when, and whether at all. */
export function SystemMessageForm({
  initialValues,
  onSave,
  onCancel,
}: {
  initialValues: SystemMessageFormValues;
  onSave(values: SystemMessageFormValues): Promise<void>;
  onCancel(): void;
}) {
  return (
    <Formik initialValues={initialValues} validate={validateSystemMessage} onSubmit={onSave}>
      {({ values, isSubmitting }) => (
        <Form noValidate aria-label="System message">
          <Row>
            <Col md={6}>
              <SelectField name="location" label="Location" required options={LOCATIONS} />
            </Col>
            <Col md={6}>
              <ChoiceField name="style" label="Level" required options={LEVELS} />
            </Col>
          </Row>
          <TextAreaField name="message" label="Message" required maxLength={MESSAGE_MAX_LENGTH} />
          {values.message.trim() !== '' && (
            <Alert variant={values.style} aria-label="Preview">
              {values.message.trim()}
            </Alert>
          )}
          <Row>
            <Col sm={6} lg={3}>
              <DateField name="fromDate" label="From" help="Empty: from now on." />
            </Col>
            <Col sm={6} lg={3}>
              <TimeField name="fromTime" label="From time" help="Optional, New York time." />
            </Col>
            <Col sm={6} lg={3}>
              <DateField name="toDate" label="To" help="Empty: until deleted. The whole day counts." />
            </Col>
            <Col sm={6} lg={3}>
              <TimeField name="toTime" label="To time" help="Optional: until that minute ends." />
            </Col>
          </Row>
          <YesNoField name="active" label="Active" required />
          <div className="d-flex gap-2">
            <Button type="submit" disabled={isSubmitting}>
              Save
            </Button>
            <Button variant="outline-secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
