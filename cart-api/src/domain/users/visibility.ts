import type { Kysely } from 'kysely';
import type { Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import type { IdentityDirectory } from '../../plugins/app/identity.js';
import { isCompliance, member } from '../../policies/rules.js';
import { actionItemData } from '../action-items/data.js';

/** What the visibility asks of identity-api: the caller's user links and their exact searches. */
export interface VisibilityDeps {
  db: Kysely<Database>;
  identity: Pick<IdentityDirectory, 'linkedUsers' | 'foundBy'>;
}

/** Whether one of the caller's client companies (theirs as broker, or linked to them) has the user in it. */
async function sharesClientCompany(db: Kysely<Database>, caller: Caller, userId: string): Promise<boolean> {
  const callersCompanies = db
    .selectFrom('company')
    .select('company_id')
    .where('kind', '=', 'client')
    .where((eb) =>
      eb.or([
        eb('broker_user_id', '=', caller.userId),
        eb(
          'company_id',
          'in',
          eb.selectFrom('company_user').select('company_id').where('user_id', '=', caller.userId),
        ),
      ]),
    );
  const shared = await db
    .selectFrom('company as c')
    .select('c.company_id')
    .where('c.company_id', 'in', callersCompanies)
    .where((eb) =>
      eb.or([
        eb('c.broker_user_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('company_user as cu')
            .select('cu.user_id')
            .whereRef('cu.company_id', '=', 'c.company_id')
            .where('cu.user_id', '=', userId),
        ),
      ]),
    )
    .executeTakeFirst();
  return shared !== undefined;
}

/** Whether the user accepted an invitation of the caller's (a document they own, or are the invite's broker of). */
async function isInviteeOf(db: Kysely<Database>, caller: Caller, userId: string): Promise<boolean> {
  const invites = await db
    .selectFrom('action_item')
    .select('json')
    .where('user_id', '=', userId)
    .where('item_type', '=', 'pop-document-invite')
    .execute();
  const documentIds: string[] = [];
  for (const { json } of invites) {
    const data = actionItemData(json);
    if (data.Document.BrokerId === caller.userId) return true;
    if (data.DocumentId) documentIds.push(data.DocumentId);
  }
  if (documentIds.length === 0) return false;
  const owned = await db
    .selectFrom('epop_document')
    .select('document_id')
    .where('document_id', 'in', documentIds)
    .where('owner_user_id', '=', caller.userId)
    .executeTakeFirst();
  return owned !== undefined;
}

/**
 * Whether `caller` may learn `userId`'s name and e-mail address (issue 21 item 8; README "Who sees a
 * user's name"): compliance anyone; anyone else themself, the users they are linked with (a client
 * company they share: its users and its broker; their own invitees; identity-api's user links), and
 * the users they found by their exact username or e-mail address (identity-api's user search). A user
 * id alone, from wherever it came, tells nothing: a route answers such a user exactly like an unknown
 * id (404).
 */
export async function userVisibleTo(
  deps: VisibilityDeps,
  caller: Caller | null,
  userId: string,
): Promise<boolean> {
  if (!member(caller)) return false;
  if (isCompliance(caller) || caller.userId === userId) return true;
  if (await sharesClientCompany(deps.db, caller, userId)) return true;
  if (await isInviteeOf(deps.db, caller, userId)) return true;
  // Last: the questions that leave the service.
  if ((await deps.identity.linkedUsers(caller.userId)).some((linked) => linked.userId === userId))
    return true;
  return (await deps.identity.foundBy(caller.userId, [userId])).includes(userId);
}
