import { Col } from 'shared-ui/bootstrap';
import { companyDetailSchema } from 'shared-domain/forms';
import { TextField } from 'shared-ui/forms';
import { CompanyDetailFields } from '../../../components/CompanyDetailFields.js';
import { EditForm } from '../../../components/EditForm.js';
import type { PartnerPayload, PartnerRecord } from '../api/partners.js';

/** The edit mode's values: the company detail's fields and the custom URL, side by side. */
export type PartnerFormValues = PartnerPayload['companyDetail'] & { customUrl: string };

export const formValuesOf = (partner: PartnerRecord): PartnerFormValues => ({
  ...partner.companyDetail,
  customUrl: partner.customUrl,
});

export const payloadOf = ({ customUrl, ...companyDetail }: PartnerFormValues): PartnerPayload => ({
  customUrl: customUrl.trim(),
  companyDetail,
});

interface PartnerFormProps {
  partner: PartnerRecord;
  onSave(values: PartnerFormValues): Promise<void>;
  onCancel(): void;
}

/**
 * The partner page's edit mode (specs/3-admin.md §3, §5): the company detail with its masks (phone
 * (###) ###-####, zip ##### or #####-####, tax id ##-#######), the state among the 51, the custom
 * URL. The rules are shared-domain's `companyDetailSchema`, which cart-api runs too.
 */
export function PartnerForm({ partner, onSave, onCancel }: PartnerFormProps) {
  return (
    <EditForm
      label="Strategic partner"
      initialValues={formValuesOf(partner)}
      validationSchema={companyDetailSchema}
      onSave={onSave}
      onCancel={onCancel}
    >
      <CompanyDetailFields
        prefix=""
        nameLabel="Name"
        besidePhone={
          <Col md={8}>
            <TextField name="customUrl" label="Custom URL" maxLength={500} autoComplete="off" />
          </Col>
        }
      />
    </EditForm>
  );
}
