import { Button, Card, Col, Row } from 'shared-ui/bootstrap';
import { LoadFailed, LoadingState, notifySuccess, useAppConfig } from 'shared-ui';
import { Form, Formik, MaskedField, TextAreaField, TextField, useFormikContext } from 'shared-ui/forms';
import { UtilityHeader } from '../../../components/UtilityHeader.js';
import { saveAppConfig } from '../api/save-app-config.js';
import { useRevalidateSettings } from '../api/revalidate.js';
import { SETTINGS_MESSAGES } from '../messages.js';
import {
  DEFINITION_MAX_LENGTH,
  formValuesOf,
  MAX_VIDEOS,
  payloadOf,
  validateAppConfig,
  type AppConfigFormValues,
} from './app-config-form.js';
import { SettingsChangeLog } from './SettingsChangeLog.js';

const PLACEHOLDER_HELP =
  'The year’s figures are filled in where it says {hcePayLimit}, {hcePayYear}, {officerLimit} or {officerYear}.';
const LINK_HELP =
  'An app path such as /guides/pop-implementation-guide.pdf, or an https:// address; empty hides it.';

/** The tutorial videos: a name (the tutorials page titles it) and a YouTube id, added and removed in place. */
function Videos() {
  const { values, setFieldValue } = useFormikContext<AppConfigFormValues>();
  const set = (videos: AppConfigFormValues['videos']) => void setFieldValue('videos', videos);
  return (
    <fieldset className="mb-3">
      <legend className="h6">Tutorial videos</legend>
      <p className="small text-muted">
        Listed on the tutorials page, each opening on YouTube. Paste the video’s YouTube address or its id.
      </p>
      {values.videos.map((_video, index) => (
        <Row key={index} className="align-items-end">
          <Col sm={5}>
            <TextField name={`videos.${index}.name`} label={`Video ${index + 1} name`} maxLength={40} />
          </Col>
          <Col sm={5}>
            <TextField
              name={`videos.${index}.videoId`}
              label={`Video ${index + 1} YouTube id`}
              maxLength={200}
            />
          </Col>
          <Col sm={2} className="mb-3">
            <Button
              variant="outline-secondary"
              aria-label={`Remove video ${index + 1}`}
              onClick={() => set(values.videos.filter((_, other) => other !== index))}
            >
              Remove
            </Button>
          </Col>
        </Row>
      ))}
      <Button
        variant="outline-secondary"
        size="sm"
        disabled={values.videos.length >= MAX_VIDEOS}
        onClick={() => set([...values.videos, { name: '', videoId: '' }])}
      >
        Add Video
      </Button>
    </fieldset>
  );
}

function ConfigForm({ initialValues }: { initialValues: AppConfigFormValues }) {
  const revalidate = useRevalidateSettings();
  async function save(values: AppConfigFormValues) {
    try {
      await saveAppConfig(payloadOf(values));
    } catch {
      return; // told by the api client (a validation answer lists its reasons)
    }
    notifySuccess(SETTINGS_MESSAGES.appConfigSaved);
    await revalidate();
  }
  return (
    <Formik initialValues={initialValues} validate={validateAppConfig} onSubmit={save} enableReinitialize>
      {({ isSubmitting }) => (
        <Form noValidate aria-label="App configuration">
          <h3 className="h5">Definitions</h3>
          <p className="small text-muted">{PLACEHOLDER_HELP}</p>
          <TextAreaField
            name="hce"
            label="Highly compensated employee (HCE)"
            required
            rows={3}
            maxLength={DEFINITION_MAX_LENGTH}
          />
          <TextAreaField
            name="keyEmployee"
            label="Key employee"
            required
            rows={3}
            maxLength={DEFINITION_MAX_LENGTH}
          />
          <h3 className="h5">Guides</h3>
          <Row>
            <Col md={6}>
              <TextField
                name="popImplementationGuide"
                label="POP Implementation Guide link"
                maxLength={2048}
                help={LINK_HELP}
              />
            </Col>
            <Col md={6}>
              <TextField
                name="employeeQuickReferenceGuide"
                label="Employee Quick Reference Guide link"
                maxLength={2048}
                help={LINK_HELP}
              />
            </Col>
          </Row>
          <Videos />
          <h3 className="h5">Customer support</h3>
          <p className="small text-muted">Shown in Contact Us and in the error window; empty: not shown.</p>
          <Row>
            <Col md={6}>
              <MaskedField name="supportPhone" label="Support phone" mask="phone" />
            </Col>
            <Col md={6}>
              <TextField name="supportEmail" label="Support e-mail" type="email" maxLength={254} />
            </Col>
          </Row>
          <Button type="submit" disabled={isSubmitting}>
            Save
          </Button>
        </Form>
      )}
    </Formik>
  );
}

/**
 * /admin/utilities/app-config: the app configuration (specs/1-foundation.md §3 "App configuration":
 * definitions, guide links, video ids) and the support phone and e-mail, with its change log.
 */
export function AppConfigPage() {
  const { data: config, error } = useAppConfig();
  return (
    <section>
      <UtilityHeader section="app-config" />
      {error && !config ? (
        <LoadFailed what="app configuration" />
      ) : !config ? (
        <LoadingState label="Loading the app configuration" />
      ) : (
        <Card>
          <Card.Body>
            <ConfigForm initialValues={formValuesOf(config)} />
          </Card.Body>
        </Card>
      )}
      <SettingsChangeLog subject="app-config" />
    </section>
  );
}
