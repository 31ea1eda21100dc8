// shared-ui/forms: the form kit, its own entry point (and federation singleton) so that pages without a
// form — the sign-in page first — never load formik, imask, yup or date-fns. Apps take formik from here,
// so every form on the page shares one copy.
export {
  Field,
  Form,
  Formik,
  useField,
  useFormikContext,
  type FormikErrors,
  type FormikHelpers,
  type FormikTouched,
} from 'formik';
export { ChoiceField, YesNoField, type ChoiceFieldProps } from './ChoiceField.js';
export { DateField } from './DateField.js';
export { FieldFrame, useFieldFrame, type FieldProps } from './FieldFrame.js';
export { MaskedField, type MaskedFieldProps } from './MaskedField.js';
export { NumericField, type NumericFieldProps } from './NumericField.js';
export {
  LegalEntitySelect,
  SelectField,
  StateSelect,
  type SelectFieldProps,
  type SelectOption,
  type StateSelectProps,
} from './SelectField.js';
export { TextAreaField } from './TextAreaField.js';
export { TextField, type TextFieldProps } from './TextField.js';
export { TimeField } from './TimeField.js';
