import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { partnerRules } from './rules.js';
import type { PartnerFormSettings } from '../../contract/strategic-partner-settings.js';

/** The specs' default no-pay reason of a Colonial document (2-documents §3 "colonial block"). */
export const DEFAULT_NO_PAY = 'None - Document is to be paid for';

/** The order-form fields a partner may label (specs/2-documents.md §3 "customIdentifiers"). */
export const CUSTOM_IDENTIFIER_FIELDS = ['account-id', 'account-id-suffix'] as const;

/** The Colonial no-pay reasons, in their order. */
export const noPayOptions = (db: Kysely<Database>) =>
  db.selectFrom('no_pay_option').select(['code', 'description']).orderBy('position').execute();

/**
 * A partner's form settings for `productId`'s documents, or null when `strategicPartnerId` names no
 * partner: its visible labels, the rules that act on the form, and the Colonial block.
 */
export async function partnerFormSettings(
  db: Kysely<Database>,
  strategicPartnerId: string | null | undefined,
  productId: string | null = null,
): Promise<PartnerFormSettings | null> {
  if (!strategicPartnerId) return null;
  const partner = await db
    .selectFrom('company')
    .select(['company_id', 'name', 'colonial'])
    .where('company_id', '=', strategicPartnerId)
    .where('kind', '=', 'strategic-partner')
    .executeTakeFirst();
  if (!partner) return null;
  const [rules, labels] = await Promise.all([
    partnerRules(db, strategicPartnerId, productId),
    db
      .selectFrom('partner_label')
      .select(['internal_name', 'label', 'help_text'])
      .where('company_id', '=', strategicPartnerId)
      .where('visible', '=', 1)
      .execute(),
  ]);
  const customIdentifiers: PartnerFormSettings['customIdentifiers'] = {};
  for (const label of labels) {
    if ((CUSTOM_IDENTIFIER_FIELDS as readonly string[]).includes(label.internal_name)) {
      customIdentifiers[label.internal_name as (typeof CUSTOM_IDENTIFIER_FIELDS)[number]] = {
        label: label.label,
        helpText: label.help_text,
      };
    }
  }
  return {
    strategicPartnerId: partner.company_id,
    name: partner.name,
    bypassShoppingCart: rules.bypassShoppingCart,
    customIdentifiers,
    excludedStates: rules.excludedStates,
    colonial:
      Number(partner.colonial) === 1
        ? { noPayOptions: await noPayOptions(db), defaultNoPay: DEFAULT_NO_PAY }
        : null,
  };
}
