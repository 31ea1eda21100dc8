import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { RoleGroup } from 'shared-domain';
import type { Database, EpopDocumentTable } from '../../db/schema.js';

/**
 * The documents a broker or an employer may act on, written once for the `document` policy
 * (policy.ts: one document) and 'My POP Documents' (my-documents.ts: the list):
 * - a broker: the documents they own, and those of the client companies they are the broker of;
 * - an employer (epop): the documents they own (their own company's, compliance's invitation they
 *   accepted), and those of the client companies linked to them (company_user: their own company, a
 *   company whose invitation they paid for, one its broker or compliance added them to).
 * Compliance may act on every document (the policy says so itself); other role groups on none.
 */
export interface DocumentReach {
  userId: string;
  /** The documents the user owns are theirs. */
  owned: boolean;
  /** The client companies whose documents are theirs: those they broker, those linked to them, none. */
  companies: 'brokered' | 'linked' | null;
}

/** The reach of a broker or an employer; null for anyone else (compliance's is every document). */
export function customerReach(roleGroup: RoleGroup, userId: string): DocumentReach | null {
  if (roleGroup === 'broker') return { userId, owned: true, companies: 'brokered' };
  if (roleGroup === 'epop') return { userId, owned: true, companies: 'linked' };
  return null;
}

/** An expression builder whose scope has the document as `d`. */
type DocumentScope = ExpressionBuilder<Database & { d: EpopDocumentTable }, 'd'>;
type Part = (eb: DocumentScope) => Expression<SqlBool>;

/**
 * `d` is of one of the reach's client companies: one the user brokers (its broker as the document
 * keeps it, `client_broker_user_id`: migration 0028), or one linked to them (company_user).
 */
function ofReachedCompany(eb: DocumentScope, reach: DocumentReach): Expression<SqlBool> {
  return reach.companies === 'brokered'
    ? eb('d.client_broker_user_id', '=', reach.userId)
    : eb(
        'd.client_company_id',
        'in',
        eb
          .selectFrom('company_user as reached')
          .select('reached.company_id')
          .where('reached.user_id', '=', reach.userId),
      );
}

/**
 * The rule as disjoint parts, each one a range of an index (migration 0028): owned
 * (epop_document_owner_active_created; with a search, epop_document_client_created per matching
 * client); then of a reached company and owned by someone else, as two ranges, owner before the user
 * and owner after them (epop_document_client_broker, epop_document_client_created), so the documents
 * the user owns are not read twice. A list is their UNION ALL, never an OR, which would keep both
 * engines from those indexes; no document is in two.
 */
export function reachParts(reach: DocumentReach): Part[] {
  const parts: Part[] = [];
  if (reach.owned) parts.push((eb) => eb('d.owner_user_id', '=', reach.userId));
  if (reach.companies) {
    if (!reach.owned) parts.push((eb) => ofReachedCompany(eb, reach));
    else {
      for (const before of [true, false]) {
        parts.push((eb) =>
          eb.and([ofReachedCompany(eb, reach), eb('d.owner_user_id', before ? '<' : '>', reach.userId)]),
        );
      }
    }
  }
  return parts;
}

/** Whether the reach covers `d`: any of its parts. */
export function reaches(eb: DocumentScope, reach: DocumentReach): Expression<SqlBool> {
  const parts = reachParts(reach).map((part) => part(eb));
  return parts.length > 0 ? eb.or(parts) : sql<SqlBool>`1 = 0`;
}

/** Whether the reach covers one document (false when there is no such document). */
export async function reachesDocument(
  db: Kysely<Database>,
  reach: DocumentReach,
  documentId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('epop_document as d')
    .select('d.document_id')
    .where('d.document_id', '=', documentId)
    .where((eb) => reaches(eb, reach))
    .executeTakeFirst();
  return row !== undefined;
}
