/** The strategic partner screens' texts (specs/3-admin.md §4, §8), word for word where the specs give them. */
export const PARTNER_MESSAGES = {
  added: (name: string) => `${name} has been added`,
  updated: (name: string) => `${name} has been updated`,
  deleted: 'Record has been deleted',
  labelsUpdated: 'Labels updated',
  ruleSaved: 'Rule has been saved',
  ruleRemoved: 'Rule has been removed',
  confirmDelete: (name: string) => `Delete the strategic partner ${name}?`,
  confirmRemoveRule: (displayName: string) => `Remove the rule ${displayName}?`,
  copied: 'Copied',
} as const;

/** The referral link (specs/3-admin.md §2): the site's address + `/#/referral/{referralId}`. */
export const referralLink = (origin: string, referralId: string) =>
  `${origin}/#/referral/${encodeURIComponent(referralId)}`;
