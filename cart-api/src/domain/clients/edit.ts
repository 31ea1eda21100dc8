import type { Kysely } from 'kysely';
import { notFound, validOrFail, ValidationFailure, type Caller } from 'service-kit';
import { validateInput } from 'shared-domain';
import { clientSchema } from 'shared-domain/forms';
import type { Database } from '../../db/schema.js';
import { companyDetailColumns } from '../../lib/company-detail.js';
import type { IdentityDirectory } from '../../plugins/app/identity.js';
import type { ClientBody, ClientDetails } from '../../contract/client.js';
import { logChange } from './change-log.js';
import { brokerOf, clientDetails } from './details.js';
import { CLIENTS_MESSAGES } from './messages.js';

/** The fields of the admin client page a change-log row names, with their labels. */
const FIELDS = {
  name: 'Company name',
  phone: 'Phone',
  federalTaxId: 'Federal tax id',
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  city: 'City',
  state: 'State',
  zipCode: 'Zip code',
  notes: 'Notes',
  legalEntityType: 'Legal entity type',
  stateOfLegalConstruction: 'State of legal construction',
  erisaAccount: 'ERISA account',
} as const;
type Field = keyof typeof FIELDS;
type Values = Record<Field, string | boolean>;

const shown = (value: string | boolean) =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value === '' ? '(blank)' : `'${value}'`;

/**
 * What an edit changed, as one change-log description ('' for nothing): each field from its old
 * value to its new one; the notes, which can be long, only as changed.
 */
export function describeClientChanges(before: Values, after: Values): string {
  const changes = (Object.keys(FIELDS) as Field[])
    .filter((field) => before[field] !== after[field])
    .map((field) =>
      field === 'notes'
        ? 'Notes changed'
        : `${FIELDS[field]} changed from ${shown(before[field])} to ${shown(after[field])}`,
    );
  return changes.length === 0 ? '' : `Client details updated: ${changes.join('; ')}`;
}

const valuesOf = (client: ClientDetails): Values => ({
  ...client.companyDetail,
  legalEntityType: client.legalEntityType,
  stateOfLegalConstruction: client.stateOfLegalConstruction,
  erisaAccount: client.erisaAccount,
});

/**
 * The admin client page's save (specs/3-admin.md §2 Clients, §4 "Client page"): compliance edits the
 * company detail, legal entity, state of legal construction and ERISA flag. A body naming another
 * client, then an invalid one, is refused (400), then an unknown client (404). What changed is written
 * with a change-log row in one transaction (nothing changed: nothing written). Answers the client as
 * saved.
 */
export async function saveClient(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  caller: Pick<Caller, 'userId' | 'username'>,
  clientId: string,
  body: ClientBody,
): Promise<ClientDetails> {
  if (body.clientId !== undefined && body.clientId !== clientId) {
    throw new ValidationFailure([CLIENTS_MESSAGES.otherClient]);
  }
  const { clientId: _path, ...fields } = body;
  const input = validOrFail(await validateInput(clientSchema, fields));
  const before = await clientDetails(db, identity, clientId);
  if (!before) throw notFound(CLIENTS_MESSAGES.notFound);
  const detail = input.companyDetail;
  const after: Values = {
    ...detail,
    legalEntityType: input.legalEntityType,
    stateOfLegalConstruction: input.stateOfLegalConstruction,
    erisaAccount: input.erisaAccount,
  };
  const description = describeClientChanges(valuesOf(before), after);
  if (description) {
    const orNull = (value: string) => (value === '' ? null : value);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('company')
        .set({
          ...companyDetailColumns(detail),
          legal_entity_type: orNull(input.legalEntityType),
          state_of_legal_construction: orNull(input.stateOfLegalConstruction),
          erisa_account: input.erisaAccount ? 1 : 0,
        })
        .where('company_id', '=', clientId)
        .execute();
      await logChange(trx, { companyId: clientId, caller, description });
    });
  }
  return (await clientDetails(db, identity, clientId))!;
}

/**
 * 'Broker removal' (specs/3-admin.md §4): the client no longer has a broker, with a change-log row
 * naming them. A client without one (or whose broker changed meanwhile) is left as it is, no row.
 */
export async function removeBroker(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  caller: Pick<Caller, 'userId' | 'username'>,
  clientId: string,
): Promise<void> {
  const client = await db
    .selectFrom('company')
    .select('broker_user_id')
    .where('company_id', '=', clientId)
    .executeTakeFirst();
  const brokerId = client?.broker_user_id;
  if (!brokerId) return;
  const { broker, brokerEmail } = await brokerOf(identity, brokerId);
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .updateTable('company')
      .set({ broker_user_id: null })
      .where('company_id', '=', clientId)
      .where('broker_user_id', '=', brokerId)
      .executeTakeFirst();
    if (Number(removed.numUpdatedRows) === 0) return;
    await logChange(trx, {
      companyId: clientId,
      caller,
      description: `Broker removed: ${broker ? `${broker}${brokerEmail ? ` (${brokerEmail})` : ''}` : brokerId}`,
    });
  });
}
