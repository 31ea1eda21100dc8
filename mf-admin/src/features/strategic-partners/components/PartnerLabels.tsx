import { Button, Form } from 'shared-ui/bootstrap';
import { DataTable, LoadFailed, LoadingState, notifySuccess, type Column } from 'shared-ui';
import { Field, Form as FormikForm, Formik } from 'shared-ui/forms';
import { savePartnerLabels, usePartnerLabels, type PartnerLabel } from '../api/labels.js';
import { PARTNER_MESSAGES } from '../messages.js';

/** A label with its place in the form's values (the fields' names). */
type LabelRow = { label: PartnerLabel; index: number };

const COLUMNS: Column<LabelRow>[] = [
  {
    key: 'internalName',
    header: 'Internal Field Name',
    cell: ({ label }) => <code>{label.internalName}</code>,
  },
  {
    key: 'label',
    header: 'Label',
    cell: ({ label, index }) => (
      <Field
        as={Form.Control}
        size="sm"
        name={`labels.${index}.label`}
        aria-label={`Label of ${label.internalName}`}
        maxLength={200}
      />
    ),
  },
  {
    key: 'helpText',
    header: 'Help Text',
    cell: ({ label, index }) => (
      <Field
        as={Form.Control}
        size="sm"
        name={`labels.${index}.helpText`}
        aria-label={`Help text of ${label.internalName}`}
        maxLength={1000}
      />
    ),
  },
  {
    key: 'visible',
    header: 'Visible',
    cell: ({ label, index }) => (
      <Field
        as={Form.Check}
        type="checkbox"
        name={`labels.${index}.visible`}
        aria-label={`${label.internalName} visible`}
      />
    ),
  },
];

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
        <LoadFailed what="labels" />
      ) : !labels ? (
        <LoadingState label="Loading labels" />
      ) : (
        <Formik initialValues={{ labels }} enableReinitialize onSubmit={save}>
          {({ values, isSubmitting }) => (
            <FormikForm noValidate aria-label="Labels">
              <DataTable
                label="Fields"
                columns={COLUMNS}
                rows={values.labels.map((label, index) => ({ label, index }))}
                rowKey={({ label }) => label.internalName}
                empty="No fields to label"
                size="sm"
              />
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
