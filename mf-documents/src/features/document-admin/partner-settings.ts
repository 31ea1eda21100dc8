import type { EpopDocument } from 'shared-ui';
import type { DocumentPartnerSettings } from './api/get-partner-settings.js';
import type { PartnerSettingsPayload } from './api/save-partner-settings.js';

type CustomIdentifiers = DocumentPartnerSettings['customIdentifiers'];

/** The Strategic Partner Settings form (specs/2-documents.md §2 "Admin document page", §4). */
export interface PartnerSettingsValues {
  /** '' for no partner. */
  strategicPartnerId: string;
  accountId: string;
  accountIdSuffix: string;
  /** The Colonial block's agent id (the form's agentNumber) and group id. */
  agentNumber: string;
  groupId: string;
  shortPlanYear: boolean;
  /** The chosen partner's labels for the account id fields. */
  customIdentifiers: CustomIdentifiers;
  /** The chosen partner is Colonial: the agent and group ids belong to it. */
  colonial: boolean;
  updateClientLevel: boolean;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The settings a stored document has. */
export function settingsOf(document: EpopDocument): PartnerSettingsValues {
  const { form } = document;
  return {
    strategicPartnerId: document.strategicPartnerId ?? '',
    accountId: text(form.accountId),
    accountIdSuffix: text(form.accountIdSuffix),
    agentNumber: text(form.agentNumber),
    groupId: text(form.groupId),
    shortPlanYear: form.shortPlanYear === true,
    customIdentifiers: document.partner?.customIdentifiers ?? {},
    colonial: document.partner?.colonial != null,
    updateClientLevel: false,
  };
}

/** §4 "Admin partner change": clearing the partner clears account id, suffix, Colonial block and identifiers. */
export const withoutPartner = (values: PartnerSettingsValues): PartnerSettingsValues => ({
  ...values,
  strategicPartnerId: '',
  accountId: '',
  accountIdSuffix: '',
  agentNumber: '',
  groupId: '',
  customIdentifiers: {},
  colonial: false,
});

/** Choosing a partner: its settings for this document, loaded from the server, replace the old ones. */
export const withPartner = (
  values: PartnerSettingsValues,
  settings: DocumentPartnerSettings,
): PartnerSettingsValues => ({
  ...values,
  strategicPartnerId: settings.strategicPartnerId,
  accountId: settings.accountId,
  accountIdSuffix: settings.accountIdSuffix,
  agentNumber: settings.colonial?.agentId ?? '',
  groupId: settings.colonial?.groupId ?? '',
  customIdentifiers: settings.customIdentifiers,
  colonial: settings.colonial !== null,
});

/** What the admin document save sends (a patch of these fields only). */
export const partnerPayload = (values: PartnerSettingsValues): PartnerSettingsPayload => ({
  strategicPartnerId: values.strategicPartnerId || null,
  accountId: values.accountId.trim(),
  accountIdSuffix: values.accountIdSuffix.trim(),
  agentNumber: values.agentNumber.trim(),
  groupId: values.groupId.trim(),
  shortPlanYear: values.shortPlanYear,
});
