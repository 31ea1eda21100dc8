import type { Kysely } from 'kysely';
import { notFound, ValidationFailure, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { clientPolicy } from '../clients/policy.js';
import { CLIENTS_MESSAGES } from '../clients/messages.js';
import { isCompliance } from '../../policies/rules.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import { documentPolicy } from './policy.js';
import { companyOfKind } from './queries.js';
import { renewalRefusal, renewedAlready } from './renewal.js';

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
 * whose rules would make it free or cheaper). Another's id answers 404, and so does an unknown one
 * (compliance, who may see every record, gets 400 for an unknown one). A new document names a renewed
 * document only when it may renew it on `today` (`renewalRefusal`: Paid and active, ready for renewal,
 * the same client), else 400 naming the field: a document is never a renewal because it says so.
 * `payingFor`: the stored document a cart item pays for (an invited renewal, an auto-renewal): it is
 * the renewal itself, not a second one, and the document it renews was fixed when it was stored (its
 * plan-year exemption is judged by plan-year.ts).
 */
export async function checkedLinks(
  db: Kysely<Database>,
  caller: Caller,
  links: {
    clientId?: string | null | undefined;
    originalDocumentId?: string | null | undefined;
    /** The new document's federal tax id: a renewal naming no client is the original client's by it. */
    federalTaxId?: unknown;
  },
  {
    today,
    strategicPartnerId = null,
    payingFor = null,
  }: { today: string; strategicPartnerId?: string | null; payingFor?: string | null },
): Promise<DocumentLinks> {
  const clientId = links.clientId ?? null;
  const originalDocumentId = links.originalDocumentId ?? null;
  // Compliance may see every record: an id that names none is a mistake in the form (400). To anyone
  // else an unknown id reads exactly like another's (404), so the answer never tells which ids exist.
  const compliance = isCompliance(caller);
  if (clientId) {
    const exists = await companyOfKind(db, clientId, 'client');
    if (!exists && compliance) throw new ValidationFailure([CLIENTS_MESSAGES.notFound]);
    if (!exists || !(await clientPolicy(db).allows(caller, 'write', clientId)))
      throw notFound(CLIENTS_MESSAGES.notFound);
  }
  let originalOwnerUserId: string | null = null;
  if (originalDocumentId) {
    const original = await db
      .selectFrom('epop_document')
      .select(['owner_user_id', 'strategic_partner_id'])
      .where('document_id', '=', originalDocumentId)
      .executeTakeFirst();
    if (!original && compliance) throw new ValidationFailure([DOCUMENTS_MESSAGES.save.originalNotFound]);
    if (!original || !(await documentPolicy(db).allows(caller, 'read', originalDocumentId))) {
      throw notFound(DOCUMENTS_MESSAGES.notFound);
    }
    if (original.strategic_partner_id !== strategicPartnerId) {
      throw new ValidationFailure([DOCUMENTS_MESSAGES.save.renewalKeepsPartner]);
    }
    if (await renewedAlready(db, originalDocumentId, payingFor)) {
      throw new ValidationFailure([DOCUMENTS_MESSAGES.save.renewedAlready]);
    }
    if (!payingFor) {
      const refusal = await renewalRefusal(db, originalDocumentId, today, {
        clientId,
        federalTaxId: links.federalTaxId,
      });
      if (refusal) throw new ValidationFailure([refusal.message]);
    }
    originalOwnerUserId = original.owner_user_id;
  }
  return { clientId, originalDocumentId, originalOwnerUserId };
}
