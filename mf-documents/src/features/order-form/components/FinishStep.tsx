import { useEffect, useRef } from 'react';
import { DateField, useFormikContext, YesNoField } from 'shared-ui/forms';
import type { FormValues } from '../model.js';
import { FORMAT_HELP, TERM_HELP } from './help-texts.js';

/** Step 3 - Finish Up (specs/2-documents.md §2; §4 "HSA"). */
export function FinishStep() {
  const { values, setFieldValue } = useFormikContext<FormValues>();
  const allowHsa = values.allowHSAContributions;
  const previous = useRef(allowHsa);
  useEffect(() => {
    // §4: when the answer goes from yes to no, the HSA amendment date is cleared.
    if (previous.current === true && allowHsa === false) void setFieldValue('hsaAmendmentEffectiveDate', '');
    previous.current = allowHsa;
  }, [allowHsa, setFieldValue]);
  return (
    <>
      <YesNoField
        name="allowHSAContributions"
        label="Allow HSA contributions?"
        required
        help={TERM_HELP.allowHsa}
      />
      {allowHsa === true && (
        <DateField
          name="hsaAmendmentEffectiveDate"
          label="HSA Amendment Effective Date"
          help={FORMAT_HELP.date}
        />
      )}
      <YesNoField
        name="negativeEnrollment"
        label="Negative enrollment?"
        help={TERM_HELP.negativeEnrollment}
      />
      <YesNoField
        name="evergreenRollingEnrollment"
        label="Evergreen rolling enrollment?"
        help={TERM_HELP.evergreenRollingEnrollment}
      />
      <YesNoField name="affiliates" label="Affiliates?" help={TERM_HELP.affiliates} />
    </>
  );
}
