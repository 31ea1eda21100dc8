import { useState, type ReactNode } from 'react';
import { Alert, Button, Card } from 'shared-ui/bootstrap';
import { Link, useNavigate, useParams } from 'shared-ui/router';
import {
  CompanyUsers,
  ConfirmDialog,
  LoadingState,
  notifySuccess,
  PageHeader,
  paths,
  TERMS,
  useRevalidate,
} from 'shared-ui';
import {
  deletePartner,
  savePartner,
  useStrategicPartner,
  type PartnerRecord,
  type StrategicPartner,
} from '../api/partners.js';
import { PARTNER_MESSAGES } from '../messages.js';
import { PartnerForm, payloadOf, type PartnerFormValues } from './PartnerForm.js';
import { PartnerLabels } from './PartnerLabels.js';
import { PartnerRules } from './PartnerRules.js';
import { ReferralLink } from './ReferralLink.js';

type Mode = 'view' | 'edit' | 'delete';
const LIST = paths.strategicPartners();
/** A partner's page sits under the list. */
const TRAIL = [{ label: 'Strategic Partners', to: LIST }];
/** What a change to a partner makes stale: the list (and the New POP Document dropdown) and the record. */
const PARTNER_READS = ['/strategic-partner', '/strategic-partner/{id}'] as const;

function PartnerSummary({ partner }: { partner: PartnerRecord }) {
  const detail = partner.companyDetail;
  const rows: [string, string][] = [
    ['Name', detail.name],
    [TERMS.federalTaxId, detail.federalTaxId],
    ['Address', [detail.addressLine1, detail.addressLine2].filter(Boolean).join(', ')],
    ['City', detail.city],
    ['State', detail.state],
    [TERMS.zipCode, detail.zipCode],
    ['Phone', detail.phone],
    ['Custom URL', partner.customUrl],
    ['Notes', detail.notes],
  ];
  return (
    <dl className="row mb-0">
      {rows.map(([label, value]) => (
        <div key={label} className="col-md-6 d-flex">
          <dt className="me-2">{label}</dt>
          <dd className="text-break">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /admin/strategic-partner/new and /admin/strategic-partner/{companyId}/details (specs/3-admin.md
 * §2, §4): view, edit and delete modes; a new partner opens in edit mode. Cancel restores the copy
 * (a new one returns to the list); Save returns to the list ('{name} has been added' / '… updated');
 * Delete asks first ('Record has been deleted'). An existing partner shows its referral link, rules,
 * fields (custom labels), users and clients.
 */
export function StrategicPartnerPage({
  clientsOf,
}: {
  /** The partner's Clients sub-list (another feature's: app/ composes it). */
  clientsOf?: (companyId: string) => ReactNode;
}) {
  const { companyId } = useParams<{ companyId: string }>();
  const isNew = companyId === undefined;
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  const { data: partner, error } = useStrategicPartner(companyId);
  const [mode, setMode] = useState<Mode>(isNew ? 'edit' : 'view');

  if (!partner) {
    return (
      <section className="py-3">
        <PageHeader
          title={isNew ? 'New Strategic Partner' : 'Strategic Partner Details'}
          breadcrumb={TRAIL}
        />
        {error ? (
          <Alert variant="warning">
            The strategic partner could not be opened. <Link to={LIST}>Back to Strategic Partners</Link>
          </Alert>
        ) : (
          <LoadingState label="Loading strategic partner" />
        )}
      </section>
    );
  }

  async function save(values: PartnerFormValues) {
    let saved: StrategicPartner;
    try {
      saved = await savePartner(companyId, payloadOf(values));
    } catch {
      return; // told by the api client (a validation answer lists its reasons); the form stays open
    }
    notifySuccess(isNew ? PARTNER_MESSAGES.added(saved.name) : PARTNER_MESSAGES.updated(saved.name));
    void revalidate([...PARTNER_READS]);
    navigate(LIST);
  }

  async function remove() {
    try {
      await deletePartner(companyId!);
    } catch {
      setMode('view'); // told by the api client (a partner with clients is refused)
      return;
    }
    notifySuccess(PARTNER_MESSAGES.deleted);
    void revalidate(['/strategic-partner']);
    navigate(LIST);
  }

  return (
    <section className="py-3">
      <PageHeader title={isNew ? 'New Strategic Partner' : partner.name} breadcrumb={TRAIL} />
      <Card className="mb-4">
        <Card.Body>
          <div className="d-flex justify-content-between align-items-start mb-2">
            <h2 className="h5">Company Detail</h2>
            {mode !== 'edit' && (
              <div className="d-flex gap-2">
                <Button onClick={() => setMode('edit')}>Edit</Button>
                <Button variant="danger" onClick={() => setMode('delete')}>
                  Delete
                </Button>
              </div>
            )}
          </div>
          {mode === 'edit' ? (
            <PartnerForm
              partner={partner}
              onSave={save}
              onCancel={() => (isNew ? navigate(LIST) : setMode('view'))}
            />
          ) : (
            <PartnerSummary partner={partner} />
          )}
          {!isNew && partner.referralId !== '' && <ReferralLink referralId={partner.referralId} />}
        </Card.Body>
      </Card>
      {!isNew && (
        <>
          <PartnerRules companyId={companyId} />
          <PartnerLabels companyId={companyId} />
          <section aria-label="Users" className="mb-4">
            <h2 className="h5">Users</h2>
            <CompanyUsers companyId={companyId} canManage />
          </section>
          {clientsOf?.(companyId)}
        </>
      )}
      <ConfirmDialog
        show={mode === 'delete'}
        message={PARTNER_MESSAGES.confirmDelete(partner.name)}
        confirmLabel="Delete"
        confirmVariant="danger"
        onConfirm={() => void remove()}
        onCancel={() => setMode('view')}
      />
    </section>
  );
}
