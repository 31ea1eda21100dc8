import {
  callerOf,
  NoContent,
  notFound,
  validOrFail,
  ValidationFailure,
  type FastifyPluginAsyncTypebox,
} from 'service-kit';
import { validateInput } from 'shared-domain';
import { clientSchema } from 'shared-domain/forms';
import { companyDetailColumns } from '../../lib/company-detail.js';
import { COMPLIANCE } from '../../lib/contract.js';
import { logChange } from '../../domain/clients/change-log.js';
import { brokerOf, clientDetails } from '../../domain/clients/details.js';
import { CLIENT_NOT_FOUND } from '../../domain/clients/policy.js';
import { ClientBody, ClientDetails, ClientIdParams } from '../../contract/client.js';

export const CLIENT_EDIT_MESSAGES = {
  otherClient: 'clientId must be the client of the path',
} as const;

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

const CLIENT_WRITE = { resource: 'client', action: 'update', param: 'clientId' } as const;

/**
 * The admin client page's changes (specs/3-admin.md §2 Clients, §4 "Client page", "Broker removal"):
 * compliance edits the company detail, legal entity, state of legal construction and ERISA flag, or
 * removes the broker; each change writes a row of the client's change log in the same transaction.
 */
const edit: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/:clientId',
    {
      config: { access: COMPLIANCE, ownership: CLIENT_WRITE },
      schema: {
        summary: "Save the client's details (admin client page); answers the client as saved",
        params: ClientIdParams,
        body: ClientBody,
        response: { 200: ClientDetails },
      },
    },
    async (request) => {
      const { clientId } = request.params;
      if (request.body.clientId !== undefined && request.body.clientId !== clientId) {
        throw new ValidationFailure([CLIENT_EDIT_MESSAGES.otherClient]);
      }
      const { clientId: _path, ...fields } = request.body;
      const input = validOrFail(await validateInput(clientSchema, fields));
      const before = await clientDetails(app.db, app.identity, clientId);
      if (!before) throw notFound(CLIENT_NOT_FOUND);
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
        await app.db.transaction().execute(async (trx) => {
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
          await logChange(trx, { companyId: clientId, caller: callerOf(request), description });
        });
      }
      return (await clientDetails(app.db, app.identity, clientId))!;
    },
  );

  // Removing the broker of a client without one leaves things as asked: 204, no row.
  app.delete(
    '/:clientId/broker',
    {
      config: { access: COMPLIANCE, ownership: { ...CLIENT_WRITE, action: 'remove-broker' } },
      schema: {
        summary: "Remove the client's broker (they no longer look after it); a change-log row",
        params: ClientIdParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const client = await app.db
        .selectFrom('company')
        .select('broker_user_id')
        .where('company_id', '=', clientId)
        .executeTakeFirst();
      const brokerId = client?.broker_user_id;
      if (brokerId) {
        const { broker, brokerEmail } = await brokerOf(app.identity, brokerId);
        await app.db.transaction().execute(async (trx) => {
          const removed = await trx
            .updateTable('company')
            .set({ broker_user_id: null })
            .where('company_id', '=', clientId)
            .where('broker_user_id', '=', brokerId)
            .executeTakeFirst();
          if (Number(removed.numUpdatedRows) === 0) return;
          await logChange(trx, {
            companyId: clientId,
            caller: callerOf(request),
            description: `Broker removed: ${broker ? `${broker}${brokerEmail ? ` (${brokerEmail})` : ''}` : brokerId}`,
          });
        });
      }
      return reply.status(204).send(null);
    },
  );
};

export default edit;
