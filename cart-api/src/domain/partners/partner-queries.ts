import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CompanyTable, Database } from '../../db/schema.js';
import { companyDetailColumns, companyDetailOf } from '../../lib/company-detail.js';
import { CUSTOM_IDENTIFIER_FIELDS } from './settings.js';
import type {
  NewStrategicPartner,
  PartnerCompanyDetail,
  PartnerLabel,
  StrategicPartner,
} from '../../contract/strategic-partner-partner.js';

const COLUMNS = [
  'company_id',
  'name',
  'phone',
  'federal_tax_id',
  'address_line1',
  'address_line2',
  'city',
  'state',
  'zip_code',
  'notes',
  'custom_url',
  'referral_id',
] as const;
type PartnerRow = Pick<Selectable<CompanyTable>, (typeof COLUMNS)[number]>;

export const BLANK_DETAIL: PartnerCompanyDetail = {
  name: '',
  phone: '',
  federalTaxId: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  notes: '',
};

const partnerOf = (row: PartnerRow): StrategicPartner => ({
  companyId: row.company_id,
  name: row.name,
  customUrl: row.custom_url ?? '',
  referralId: row.referral_id ?? '',
  companyDetail: companyDetailOf(row),
});

const partners = (db: Kysely<Database>) =>
  db.selectFrom('company').select(COLUMNS).where('kind', '=', 'strategic-partner');

/** Every strategic partner, by name (the partner list and the 'New POP Document' dropdown). */
export async function listPartners(db: Kysely<Database>): Promise<StrategicPartner[]> {
  const rows = await partners(db).orderBy('name').orderBy('company_id').execute();
  return rows.map(partnerOf);
}

export async function partnerById(
  db: Kysely<Database>,
  companyId: string,
): Promise<StrategicPartner | undefined> {
  const row = await partners(db).where('company_id', '=', companyId).executeTakeFirst();
  return row && partnerOf(row);
}

/** The partner's name; undefined when the id names no strategic partner. */
export async function partnerName(db: Kysely<Database>, partnerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('company')
    .select('name')
    .where('company_id', '=', partnerId)
    .where('kind', '=', 'strategic-partner')
    .executeTakeFirst();
  return row?.name;
}

/** A file name part of a partner's exports, without the characters file systems refuse. */
export const partnerFileName = (name: string) =>
  name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Strategic Partner';

/** A blank partner (`GET strategic-partner/new`): what the new-partner page starts from. */
export const blankPartner = (): NewStrategicPartner => ({
  companyId: null,
  name: '',
  customUrl: '',
  referralId: '',
  companyDetail: { ...BLANK_DETAIL },
});

/** The company columns of a checked detail ('' is stored as null, as elsewhere in `company`). */
function columnsOf(detail: PartnerCompanyDetail, customUrl: string) {
  const trimmed = Object.fromEntries(
    Object.entries(detail).map(([field, value]) => [field, value.trim()]),
  ) as PartnerCompanyDetail;
  return { ...companyDetailColumns(trimmed), custom_url: customUrl.trim() === '' ? null : customUrl.trim() };
}

/** Ten lower-case letters and digits: what the shell keeps from a referral link, and hard to guess. */
function newReferralId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** A new partner with a referral id no other company has; its id. */
export async function insertPartner(
  db: Kysely<Database>,
  detail: PartnerCompanyDetail,
  customUrl: string,
): Promise<string> {
  const companyId = randomUUID();
  let referralId = newReferralId();
  // 36^10 ids: a clash is next to impossible, but the unique index would turn one into a 500.
  while (
    await db
      .selectFrom('company')
      .select('company_id')
      .where('referral_id', '=', referralId)
      .executeTakeFirst()
  ) {
    referralId = newReferralId();
  }
  await db
    .insertInto('company')
    .values({
      company_id: companyId,
      kind: 'strategic-partner',
      legal_entity_type: null,
      state_of_legal_construction: null,
      strategic_partner_id: null,
      broker_user_id: null,
      referral_id: referralId,
      created_at: new Date().toISOString(),
      ...columnsOf(detail, customUrl),
    })
    .execute();
  return companyId;
}

export async function updatePartner(
  db: Kysely<Database>,
  companyId: string,
  detail: PartnerCompanyDetail,
  customUrl: string,
): Promise<void> {
  await db
    .updateTable('company')
    .set(columnsOf(detail, customUrl))
    .where('company_id', '=', companyId)
    .where('kind', '=', 'strategic-partner')
    .execute();
}

/** What still names the partner: its clients, documents and cart items (README "Deleting a partner"). */
export async function partnerUsage(
  db: Kysely<Database>,
  companyId: string,
): Promise<{ clients: number; documents: number; cartItems: number }> {
  const count = async (query: Promise<{ n: number | string | bigint } | undefined>) =>
    Number((await query)?.n ?? 0);
  const [clients, documents, cartItems] = await Promise.all([
    count(
      db
        .selectFrom('company')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('strategic_partner_id', '=', companyId)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('epop_document')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('strategic_partner_id', '=', companyId)
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('cart_item')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('strategic_partner_id', '=', companyId)
        .executeTakeFirst(),
    ),
  ]);
  return { clients, documents, cartItems };
}

/** Deletes a partner that nothing names any more, with its labels and rules. */
export async function deletePartner(db: Kysely<Database>, companyId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('partner_rule').where('company_id', '=', companyId).execute();
    await trx.deleteFrom('partner_label').where('company_id', '=', companyId).execute();
    await trx.deleteFrom('company_user').where('company_id', '=', companyId).execute();
    await trx.deleteFrom('change_log').where('company_id', '=', companyId).execute();
    await trx.deleteFrom('client_view').where('company_id', '=', companyId).execute();
    await trx
      .deleteFrom('company')
      .where('company_id', '=', companyId)
      .where('kind', '=', 'strategic-partner')
      .execute();
  });
}

/** The order form's fields a partner may label, and what they read without a label of the partner's. */
export const LABEL_DEFAULTS: Record<(typeof CUSTOM_IDENTIFIER_FIELDS)[number], string> = {
  'account-id': 'Account ID',
  'account-id-suffix': 'Account ID Suffix',
};

/** Every labelable field, the partner's label where it set one (a field without one is not shown). */
export async function partnerLabels(db: Kysely<Database>, companyId: string): Promise<PartnerLabel[]> {
  const rows = await db
    .selectFrom('partner_label')
    .select(['internal_name', 'label', 'help_text', 'visible'])
    .where('company_id', '=', companyId)
    .execute();
  return CUSTOM_IDENTIFIER_FIELDS.map((internalName) => {
    const row = rows.find((candidate) => candidate.internal_name === internalName);
    return row
      ? { internalName, label: row.label, helpText: row.help_text, visible: Number(row.visible) === 1 }
      : { internalName, label: LABEL_DEFAULTS[internalName], helpText: '', visible: false };
  });
}

/** Replaces the partner's labels with `labels` (checked), in one transaction. */
export async function savePartnerLabels(
  db: Kysely<Database>,
  companyId: string,
  labels: PartnerLabel[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('partner_label').where('company_id', '=', companyId).execute();
    if (labels.length === 0) return;
    await trx
      .insertInto('partner_label')
      .values(
        labels.map((label) => ({
          company_id: companyId,
          internal_name: label.internalName,
          label: label.label.trim(),
          help_text: label.helpText.trim(),
          visible: label.visible ? 1 : 0,
        })),
      )
      .execute();
  });
}
