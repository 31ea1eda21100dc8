import type { Kysely } from 'kysely';
import type { Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import type { IdentityDirectory } from '../../plugins/app/identity.js';
import { isCompliance, member } from '../../policies/rules.js';
import { clientPolicy } from '../clients/policy.js';
import { documentPolicy } from '../documents/policy.js';

/**
 * Who gets a strategic partner's benefits (issue 21 item 7; README "Partner entitlement"): its cart
 * bypass (a free Paid document), its custom prices and its linked promo codes go to the accounts
 * entitled to the partner, never to whoever names its id. Everyone else naming the id gets the
 * standard product (no error): the standard form, price and cart.
 */

/** What the entitlement asks of identity-api: the referral ids an account brought. */
export interface EntitlementDeps {
  db: Kysely<Database>;
  identity: Pick<IdentityDirectory, 'referralIds'>;
}

/**
 * The records the document in question is tied to: a partner assigned to them counts for it. Each is
 * checked here too (the caller's own right to it), so a path cannot pass on a record it did not check.
 */
export interface EntitlementContext {
  /** The existing client the document is for (the form's `clientId`). */
  clientId?: string | null | undefined;
  /** The document it renews (a renewal keeps that document's partner). */
  originalDocumentId?: string | null | undefined;
  /**
   * The stored document one of the caller's open action items pays for (an invitation, a repayment, a
   * Colonial cancellation): the caller's path checked the item is theirs, so it is not checked again.
   */
  payingFor?: string | null | undefined;
}

/** Why the caller is entitled to the partner's benefits. */
export type EntitlementReason =
  /** compliance acts for every partner (specs: "They can create documents for partners"). */
  | 'compliance'
  /** the document already belongs to the partner: assigned when it was made (by an entitled account). */
  | 'document'
  /** the client is the partner's: compliance's 'Update Client Level', or a document an entitled account made. */
  | 'client'
  /** compliance linked the account to the partner company (the partner's users). */
  | 'partner-user'
  /** the account registered or signed in through the partner's referral link. */
  | 'referral';

async function documentPartner(db: Kysely<Database>, documentId: string): Promise<string | null> {
  const row = await db
    .selectFrom('epop_document')
    .select('strategic_partner_id')
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row?.strategic_partner_id ?? null;
}

/**
 * Whether `caller` is entitled to `partnerId`'s benefits, and why; null when not (also for an id that
 * names no partner: an unknown id reads like a foreign one). One decision for every path that gives a
 * partner's benefits: the new document's draft, the free document, the cart's prices and linked codes
 * (through the partner a cart item is written with), `GET product/epop`, invitations.
 */
export async function partnerEntitlement(
  deps: EntitlementDeps,
  caller: Caller | null,
  partnerId: string,
  context: EntitlementContext = {},
): Promise<EntitlementReason | null> {
  const { db } = deps;
  if (!member(caller)) return null;
  if (isCompliance(caller)) return 'compliance';
  const partner = await db
    .selectFrom('company')
    .select('referral_id')
    .where('company_id', '=', partnerId)
    .where('kind', '=', 'strategic-partner')
    .executeTakeFirst();
  if (!partner) return null;

  if (context.payingFor && (await documentPartner(db, context.payingFor)) === partnerId) return 'document';
  const original = context.originalDocumentId;
  if (
    original &&
    (await documentPartner(db, original)) === partnerId &&
    (await documentPolicy(db).allows(caller, 'read', original))
  ) {
    return 'document';
  }
  const clientId = context.clientId;
  if (clientId) {
    const client = await db
      .selectFrom('company')
      .select('strategic_partner_id')
      .where('company_id', '=', clientId)
      .where('kind', '=', 'client')
      .executeTakeFirst();
    if (
      client?.strategic_partner_id === partnerId &&
      (await clientPolicy(db).allows(caller, 'write', clientId))
    ) {
      return 'client';
    }
  }
  const linked = await db
    .selectFrom('company_user')
    .select('user_id')
    .where('company_id', '=', partnerId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  if (linked) return 'partner-user';
  // Last: the only question that leaves the service.
  if (partner.referral_id && (await deps.identity.referralIds(caller.userId)).includes(partner.referral_id)) {
    return 'referral';
  }
  return null;
}

/**
 * The partner whose rules a document, cart item, price or invitation is made with: the one named
 * when the caller is entitled to it, otherwise none (the standard product). Compliance keeps any id
 * it names (an unknown one is refused where it is used).
 */
export async function entitledPartnerId(
  deps: EntitlementDeps,
  caller: Caller | null,
  partnerId: string | null | undefined,
  context: EntitlementContext = {},
): Promise<string | null> {
  if (!partnerId) return null;
  if (isCompliance(caller)) return partnerId;
  return (await partnerEntitlement(deps, caller, partnerId, context)) ? partnerId : null;
}
