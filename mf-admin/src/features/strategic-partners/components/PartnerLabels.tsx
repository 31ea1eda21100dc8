import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Busy, notifySuccess } from 'shared-ui';
import { Field, Form as FormikForm, Formik } from 'shared-ui/forms';
import { savePartnerLabels, usePartnerLabels, type PartnerLabel } from '../api/labels.js';
import { PARTNER_MESSAGES } from '../messages.js';

/**
 * The partner's custom labels (specs/3-admin.md §2 "Custom labels table", §4): internal field name,
 * label, help text, visible; Save → 'Labels updated'. The order form shows the visible ones.
 */
export function PartnerLabels({ companyId }: { companyId: string }) {
  const { data: labels, error, mutate } = usePartnerLabels(companyId);

  async function save(values: { labels: PartnerLabel[] }) {
    try {
      await mutate(await savePartnerLabels(companyId, values.labels), { revalidate: false });
    } catch {
      return; // told by the api client
    }
    notifySuccess(PARTNER_MESSAGES.labelsUpdated);
  }

  return (
    <section aria-labelledby="partner-labels-title" className="mb-4">
      <h2 id="partner-labels-title" className="h5">
        Fields
      </h2>
      {error && !labels ? (
        <Alert variant="danger">The labels could not be loaded.</Alert>
      ) : !labels ? (
        <Busy label="Loading labels" size="sm" />
      ) : (
        <Formik initialValues={{ labels }} enableReinitialize onSubmit={save}>
          {({ values, isSubmitting }) => (
            <FormikForm noValidate aria-label="Labels">
              <Table size="sm" aria-labelledby="partner-labels-title">
                <thead>
                  <tr>
                    <th scope="col">Internal Field Name</th>
                    <th scope="col">Label</th>
                    <th scope="col">Help Text</th>
                    <th scope="col">Visible</th>
                  </tr>
                </thead>
                <tbody>
                  {values.labels.map((label, index) => (
                    <tr key={label.internalName}>
                      <th scope="row" className="fw-normal">
                        <code>{label.internalName}</code>
                      </th>
                      <td>
                        <Field
                          as={Form.Control}
                          size="sm"
                          name={`labels.${index}.label`}
                          aria-label={`Label of ${label.internalName}`}
                          maxLength={200}
                        />
                      </td>
                      <td>
                        <Field
                          as={Form.Control}
                          size="sm"
                          name={`labels.${index}.helpText`}
                          aria-label={`Help text of ${label.internalName}`}
                          maxLength={1000}
                        />
                      </td>
                      <td>
                        <Field
                          as={Form.Check}
                          type="checkbox"
                          name={`labels.${index}.visible`}
                          aria-label={`${label.internalName} visible`}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <Button type="submit" size="sm" disabled={isSubmitting}>
                Save Labels
              </Button>
            </FormikForm>
          )}
        </Formik>
      )}
    </section>
  );
}
