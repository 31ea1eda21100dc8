import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { IdentityDirectory } from '../../plugins/app/identity.js';
import type { DocumentUser } from '../../contract/epop-document.js';

type DocumentAccess = DocumentUser['access'][number];

/**
 * Who sees a document in their own right (specs/3-admin.md §7 Users and companies): its owner, its
 * client's broker and its client's company users, with names from identity-api, by last then first
 * name. The document exists (the `document` policy answered first).
 */
export async function documentUsers(
  db: Kysely<Database>,
  identity: IdentityDirectory,
  documentId: string,
): Promise<DocumentUser[]> {
  const document = await db
    .selectFrom('epop_document as d')
    .innerJoin('company as c', 'c.company_id', 'd.client_company_id')
    .select(['d.owner_user_id', 'c.broker_user_id', 'd.client_company_id'])
    .where('d.document_id', '=', documentId)
    .executeTakeFirstOrThrow();
  const companyUsers = await db
    .selectFrom('company_user')
    .select('user_id')
    .where('company_id', '=', document.client_company_id)
    .execute();
  const access = new Map<string, Set<DocumentAccess>>();
  const grant = (userId: string | null, why: DocumentAccess) => {
    if (userId) access.set(userId, new Set([...(access.get(userId) ?? []), why]));
  };
  grant(document.owner_user_id, 'owner');
  grant(document.broker_user_id, 'broker');
  for (const { user_id } of companyUsers) grant(user_id, 'company user');
  const users = await identity.lookupUsers([...access.keys()]);
  return users
    .map((user) => ({ ...user, access: [...access.get(user.userId)!] }))
    .sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`));
}
