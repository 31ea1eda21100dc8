import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import { delegatingPolicy, isCompliance, member, type ParentLookup } from '../../policies/rules.js';
import { documentExists } from './queries.js';
import { customerReach, reachesDocument } from './reach.js';

/**
 * `document`: compliance may do everything; a broker the documents they own or whose client
 * company's broker they are; an employer (epop) the documents they own or of the companies linked to
 * them. The rule is reach.ts's, the one 'My POP Documents' lists by.
 */
export function documentPolicy(db: Kysely<Database>): Policy {
  return {
    exists: (id) => documentExists(db, id),
    async allows(caller, _action, id) {
      if (!member(caller)) return false;
      if (isCompliance(caller)) return documentExists(db, id);
      const reach = customerReach(caller.roleGroup, caller.userId);
      return reach !== null && reachesDocument(db, reach, id);
    },
    notFoundMessage: DOCUMENTS_MESSAGES.notFound,
  };
}

/**
 * `ndt-result` and `archive-item` (a document's non-discrimination results and its PDF history,
 * `epop-document/{documentId}/archive/{archiveId}`): whoever may act on the document. `documentOf`
 * finds the document a result or an archived file belongs to.
 */
export function documentRecordPolicy(documentOf: ParentLookup, document: Policy): Policy {
  return delegatingPolicy(documentOf, document);
}
