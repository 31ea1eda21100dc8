import type { ComponentProps, ReactNode } from 'react';
import { Button } from 'shared-ui/bootstrap';
import { Form as FormikForm, Formik } from 'shared-ui/forms';

interface EditFormProps<Values extends object> {
  /** The form's accessible name. */
  label: string;
  initialValues: Values;
  /** The rules (a shared-domain schema, which the API runs too). */
  validationSchema: ComponentProps<typeof Formik>['validationSchema'];
  onSave(values: Values): Promise<void>;
  onCancel(): void;
  children: ReactNode;
}

/** A page's edit mode: `children` (the fields), then Save and Cancel, both disabled while it saves. */
export function EditForm<Values extends object>({
  label,
  initialValues,
  validationSchema,
  onSave,
  onCancel,
  children,
}: EditFormProps<Values>) {
  return (
    <Formik initialValues={initialValues} validationSchema={validationSchema} onSubmit={onSave}>
      {({ isSubmitting }) => (
        <FormikForm noValidate aria-label={label}>
          {children}
          <div className="d-flex gap-2">
            <Button type="submit" disabled={isSubmitting}>
              Save
            </Button>
            <Button variant="outline-secondary" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          </div>
        </FormikForm>
      )}
    </Formik>
  );
}
