import type { Kysely } from 'kysely';
import { notFound, ValidationFailure, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { clientPolicy } from '../client/policy.js';
import { DOCUMENT_NOT_FOUND, documentPolicy, SAVE_MESSAGES } from './policy.js';
import { companyOfKind, documentById } from './queries.js';

/** The records a new document is tied to: the client it joins, the document it renews. */
export interface DocumentLinks {
  clientId: string | null;
  originalDocumentId: string | null;
}

/**
 * Checks the links a new document (a free one, a cart item, an invite) names: an existing client the
 * caller looks after (a duplicate tax id's Continue), and a document the caller may open that has not
 * been renewed yet (a renewal). Unknown ids answer 400, another's 404 (like a missing record).
 */
export async function checkedLinks(
  db: Kysely<Database>,
  caller: Caller,
  links: { clientId?: string | null | undefined; originalDocumentId?: string | null | undefined },
): Promise<DocumentLinks> {
  const clientId = links.clientId ?? null;
  const originalDocumentId = links.originalDocumentId ?? null;
  if (clientId) {
    if (!(await companyOfKind(db, clientId, 'client'))) {
      throw new ValidationFailure([SAVE_MESSAGES.clientNotFound]);
    }
    if (!(await clientPolicy(db).allows(caller, 'write', clientId)))
      throw notFound(SAVE_MESSAGES.clientNotFound);
  }
  if (originalDocumentId) {
    const original = await documentById(db, originalDocumentId);
    if (!original) throw new ValidationFailure([SAVE_MESSAGES.originalNotFound]);
    if (!(await documentPolicy(db).allows(caller, 'read', originalDocumentId))) {
      throw notFound(DOCUMENT_NOT_FOUND);
    }
    if (await renewedAlready(db, originalDocumentId)) {
      throw new ValidationFailure([SAVE_MESSAGES.renewedAlready]);
    }
  }
  return { clientId, originalDocumentId };
}

/** Whether an active document already renews `documentId`. */
export async function renewedAlready(db: Kysely<Database>, documentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('epop_document')
    .select('document_id')
    .where('original_document_id', '=', documentId)
    .where('active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}
