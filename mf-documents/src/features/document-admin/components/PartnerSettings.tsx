import { useId, useRef, useState } from 'react';
import { Button, Col, Form, Row } from 'shared-ui/bootstrap';
import { Busy, notifySuccess, useRefreshDocuments, useStrategicPartners, type EpopDocument } from 'shared-ui';
import { getPartnerSettings } from '../api/get-partner-settings.js';
import { saveDocumentPartner, updateClientPartner } from '../api/save-partner-settings.js';
import {
  partnerPayload,
  settingsOf,
  withoutPartner,
  withPartner,
  type PartnerSettingsValues,
} from '../partner-settings.js';

/** specs/2-documents.md §7 (admin save), word for word. */
export const DOCUMENT_UPDATED = 'Document has been updated';

interface TextInputProps {
  label: string;
  help?: string;
  value: string;
  maxLength?: number;
  /** While the chosen partner's settings load: they fill these fields, so nothing typed is lost. */
  disabled?: boolean;
  onChange(value: string): void;
}

function TextInput({ label, help, value, maxLength = 50, disabled, onChange }: TextInputProps) {
  const id = useId();
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={value}
        maxLength={maxLength}
        disabled={disabled}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {help && (
        <Form.Text id={`${id}-help`} className="d-block">
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}

/**
 * Strategic Partner Settings (specs/2-documents.md §2, §4 "Admin partner change", "Admin document
 * save"): the partner (choosing one loads its settings for this document; clearing it clears account
 * id, suffix, the Colonial block and the identifiers), the account id fields under the partner's
 * labels, the Colonial agent and group ids, short plan year and 'Update Client Level'. Saving posts
 * the document, then the client's partner when 'Update Client Level' is checked.
 */
export function PartnerSettings({ document }: { document: EpopDocument }) {
  const { data: partners } = useStrategicPartners();
  const [values, setValues] = useState<PartnerSettingsValues>(() => settingsOf(document));
  const [loadingPartner, setLoadingPartner] = useState(false);
  const [saving, setSaving] = useState(false);
  const refresh = useRefreshDocuments();
  // Only the newest choice fills the form (a slow answer for an earlier choice is dropped).
  const choice = useRef(0);
  const id = useId();
  const set = (change: Partial<PartnerSettingsValues>) => setValues((current) => ({ ...current, ...change }));

  async function choosePartner(partnerId: string) {
    const mine = ++choice.current;
    if (partnerId === '') {
      setLoadingPartner(false);
      setValues(withoutPartner);
      return;
    }
    set({ strategicPartnerId: partnerId });
    setLoadingPartner(true);
    try {
      const settings = await getPartnerSettings(document.documentId, partnerId);
      if (mine === choice.current) setValues((current) => withPartner(current, settings));
    } catch {
      // told already; the previous fields stay
    } finally {
      if (mine === choice.current) setLoadingPartner(false);
    }
  }

  async function save() {
    setSaving(true);
    try {
      const payload = partnerPayload(values);
      const saved = await saveDocumentPartner(document.documentId, payload);
      if (values.updateClientLevel) {
        await updateClientPartner(document.clientId, payload.strategicPartnerId, payload.accountId);
      }
      notifySuccess(DOCUMENT_UPDATED);
      setValues(settingsOf(saved));
      await refresh();
    } catch {
      // told already (a validation toast names what to fix)
    } finally {
      setSaving(false);
    }
  }

  const identifiers = values.customIdentifiers;
  const partnerChosen = values.strategicPartnerId !== '';
  // A partner missing from the list (just removed) still shows as the document's.
  const options = [
    ...(partners ?? []),
    ...(document.partner &&
    partners &&
    !partners.some((partner) => partner.companyId === document.partner?.strategicPartnerId)
      ? [{ companyId: document.partner.strategicPartnerId, name: document.partner.name }]
      : []),
  ];
  return (
    <section aria-labelledby={`${id}-title`} className="mb-4">
      <h2 id={`${id}-title`} className="h5">
        Strategic Partner Settings
      </h2>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Row>
          <Col md={6}>
            <Form.Group className="mb-3" controlId={`${id}-partner`}>
              <Form.Label>Strategic Partner</Form.Label>
              <Form.Select
                value={values.strategicPartnerId}
                disabled={!partners}
                onChange={(event) => void choosePartner(event.target.value)}
              >
                <option value="">None</option>
                {options.map((partner) => (
                  <option key={partner.companyId} value={partner.companyId}>
                    {partner.name}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col md={6} className="d-flex align-items-center">
            {loadingPartner && <Busy label="Loading the partner's settings" />}
          </Col>
        </Row>
        {partnerChosen && (
          <Row>
            <Col md={6}>
              <TextInput
                label={identifiers['account-id']?.label || 'Account ID'}
                help={identifiers['account-id']?.helpText || undefined}
                value={values.accountId}
                disabled={loadingPartner}
                onChange={(accountId) => set({ accountId })}
              />
            </Col>
            <Col md={6}>
              <TextInput
                label={identifiers['account-id-suffix']?.label || 'Account ID Suffix'}
                help={identifiers['account-id-suffix']?.helpText || undefined}
                value={values.accountIdSuffix}
                disabled={loadingPartner}
                onChange={(accountIdSuffix) => set({ accountIdSuffix })}
              />
            </Col>
          </Row>
        )}
        {values.colonial && (
          <Row>
            <Col md={6}>
              <TextInput
                label="Group ID"
                value={values.groupId}
                disabled={loadingPartner}
                onChange={(groupId) => set({ groupId })}
              />
            </Col>
            <Col md={6}>
              <TextInput
                label="Agent ID"
                help="Required for a Colonial document"
                value={values.agentNumber}
                disabled={loadingPartner}
                onChange={(agentNumber) => set({ agentNumber })}
              />
            </Col>
          </Row>
        )}
        <Form.Check
          className="mb-2"
          id={`${id}-short-plan-year`}
          type="checkbox"
          label="Short Plan Year"
          checked={values.shortPlanYear}
          onChange={(event) => set({ shortPlanYear: event.target.checked })}
        />
        <Form.Check
          className="mb-3"
          id={`${id}-client-level`}
          type="checkbox"
          label="Update Client Level"
          aria-describedby={`${id}-client-level-help`}
          checked={values.updateClientLevel}
          onChange={(event) => set({ updateClientLevel: event.target.checked })}
        />
        <Form.Text id={`${id}-client-level-help`} className="d-block mb-3">
          Also sets the client&apos;s strategic partner and account id (its next documents start with them).
        </Form.Text>
        <Button type="submit" disabled={saving || loadingPartner}>
          {saving ? <Busy label="Saving…" /> : 'Save Strategic Partner Settings'}
        </Button>
      </Form>
    </section>
  );
}
