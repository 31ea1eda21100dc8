import type { Kysely } from 'kysely';
import { ValidationFailure, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import type { ClientPartner, ClientPartnerBody } from '../../contract/client.js';
import { logChange } from './change-log.js';
import { PARTNERS_MESSAGES } from '../partners/messages.js';
import { CLIENTS_MESSAGES } from './messages.js';

/**
 * 'Update Client Level' of the admin document page (specs/2-documents.md §4 "Admin partner change"):
 * the client's strategic partner (null: none) and its account id there, with a change-log row in the
 * same transaction. A body naming another client, or a partner that does not exist, is refused (400).
 */
export async function setClientPartner(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId' | 'username'>,
  clientId: string,
  body: ClientPartnerBody,
): Promise<ClientPartner> {
  const { strategicPartnerId } = body;
  const accountId = body.accountId?.trim() ?? '';
  if (body.clientId !== undefined && body.clientId !== clientId) {
    throw new ValidationFailure([CLIENTS_MESSAGES.otherClient]);
  }
  const partner = strategicPartnerId
    ? await db
        .selectFrom('company')
        .select('name')
        .where('company_id', '=', strategicPartnerId)
        .where('kind', '=', 'strategic-partner')
        .executeTakeFirst()
    : undefined;
  if (strategicPartnerId && !partner) throw new ValidationFailure([PARTNERS_MESSAGES.notFound]);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('company')
      .set({
        strategic_partner_id: strategicPartnerId,
        strategic_partner_account_id: strategicPartnerId && accountId ? accountId : null,
      })
      .where('company_id', '=', clientId)
      .execute();
    await logChange(trx, {
      companyId: clientId,
      caller,
      description: partner
        ? `Strategic partner set to ${partner.name}${accountId ? ` (account id ${accountId})` : ''}`
        : 'Strategic partner removed',
    });
  });
  return { clientId, strategicPartnerId, accountId: strategicPartnerId ? accountId : '' };
}
