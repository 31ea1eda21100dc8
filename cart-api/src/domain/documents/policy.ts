import type { Kysely } from 'kysely';
import type { Policy } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { DOCUMENTS_MESSAGES } from './messages.js';
import { delegatingPolicy, isCompliance, member, type ParentLookup } from '../../policies/rules.js';
import { documentExists, documentOwnership } from './queries.js';

/**
 * `document`: compliance may do everything; a broker the documents whose broker they are (they
 * own it, or they are the broker of its client company); an employer (epop) the documents of the
 * companies linked to them.
 */
export function documentPolicy(db: Kysely<Database>): Policy {
  return {
    exists: (id) => documentExists(db, id),
    async allows(caller, _action, id) {
      if (!member(caller)) return false;
      const document = await documentOwnership(db, id, caller.userId);
      if (!document) return false;
      if (isCompliance(caller)) return true;
      if (caller.roleGroup === 'broker') {
        return document.ownerUserId === caller.userId || document.clientBrokerUserId === caller.userId;
      }
      return document.linked;
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
