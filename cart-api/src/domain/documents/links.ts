import type { Kysely } from 'kysely';
import { notFound, ValidationFailure, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { clientPolicy } from '../clients/policy.js';
import { DOCUMENT_NOT_FOUND, SAVE_MESSAGES } from './index.js';
import { documentPolicy } from './policy.js';
import { companyOfKind } from './queries.js';

/** The records a new document is tied to: the client it joins, the document it renews. */
export interface DocumentLinks {
  clientId: string | null;
  originalDocumentId: string | null;
  /** Whose the renewed document is (compliance renews on its owner's behalf). */
  originalOwnerUserId: string | null;
}

/**
 * Checks the links a new document (a free one, a cart item, an invite) names: an existing client the
 * caller looks after (a duplicate tax id's Continue), and a document the caller may open that has not
 * been renewed yet (a renewal), sold through the same partner (a renewal cannot move to a partner
 * whose rules would make it free or cheaper). Unknown ids answer 400, another's 404 (like a missing
 * record). `payingFor`: the stored document a cart item pays for (an invited renewal): it is the
 * renewal itself, not a second one.
 */
export async function checkedLinks(
  db: Kysely<Database>,
  caller: Caller,
  links: { clientId?: string | null | undefined; originalDocumentId?: string | null | undefined },
  {
    strategicPartnerId = null,
    payingFor = null,
  }: { strategicPartnerId?: string | null; payingFor?: string | null } = {},
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
  let originalOwnerUserId: string | null = null;
  if (originalDocumentId) {
    const original = await db
      .selectFrom('epop_document')
      .select(['owner_user_id', 'strategic_partner_id'])
      .where('document_id', '=', originalDocumentId)
      .executeTakeFirst();
    if (!original) throw new ValidationFailure([SAVE_MESSAGES.originalNotFound]);
    if (!(await documentPolicy(db).allows(caller, 'read', originalDocumentId))) {
      throw notFound(DOCUMENT_NOT_FOUND);
    }
    if (original.strategic_partner_id !== strategicPartnerId) {
      throw new ValidationFailure([SAVE_MESSAGES.renewalKeepsPartner]);
    }
    if (await renewedAlready(db, originalDocumentId, payingFor)) {
      throw new ValidationFailure([SAVE_MESSAGES.renewedAlready]);
    }
    originalOwnerUserId = original.owner_user_id;
  }
  return { clientId, originalDocumentId, originalOwnerUserId };
}

/** Whether an active document (other than `except`) already renews `documentId`. */
export async function renewedAlready(
  db: Kysely<Database>,
  documentId: string,
  except: string | null = null,
): Promise<boolean> {
  const row = await db
    .selectFrom('epop_document')
    .select('document_id')
    .where('original_document_id', '=', documentId)
    .where('active', '=', 1)
    .$if(except !== null, (q) => q.where('document_id', '!=', except!))
    .executeTakeFirst();
  return row !== undefined;
}
