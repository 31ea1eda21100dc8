import type { Kysely } from 'kysely';
import type { Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { jsonObject } from '../../lib/json.js';
import { clientPolicy } from '../clients/policy.js';
import { renewedAlready } from '../documents/renewal.js';
import { documentPolicy } from '../documents/policy.js';
import { planYearRefusals } from '../documents/plan-year.js';
import { storedDocument } from '../documents/queries.js';
import { paidOrClosed, type CartRow } from '../cart/queries.js';
import { PURCHASE_MESSAGES } from './messages.js';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The cart's items checked again at the purchase, against what is true now (the item was checked when
 * it was added, maybe days ago): its document not paid nor being paid (Processing: a bank debit
 * settling) and its action item open, the document it
 * renews not renewed since nor twice in this cart, its plan year not started before today (the day it
 * is ordered: documents/plan-year.ts) and its links (`linkRefusals`). Run before the charge.
 */
export async function cartRefusals(
  db: Kysely<Database>,
  buyer: Caller,
  rows: CartRow[],
  /** The product's day of the purchase. */
  today: string,
): Promise<string[]> {
  const problems: string[] = [];
  const renewing = new Set<string>();
  for (const row of rows) {
    const original = text(jsonObject(row.json).originalDocumentId);
    if (original) {
      if (renewing.has(original)) problems.push(PURCHASE_MESSAGES.renewalTwice(row.display_text));
      else if (await renewedAlready(db, original, row.document_id)) {
        problems.push(PURCHASE_MESSAGES.renewedMeanwhile(row.display_text));
      }
      renewing.add(original);
    }
    const stored = row.document_id ? await storedDocument(db, row.document_id) : null;
    if ((await paidOrClosed(db, row)) || stored?.status === 'Processing') {
      problems.push(PURCHASE_MESSAGES.paidMeanwhile(row.display_text));
    }
    const [late] = await planYearRefusals(db, today, {
      form: jsonObject(row.json),
      renews: stored ? stored.originalDocumentId : original,
      stored,
    });
    if (late) problems.push(PURCHASE_MESSAGES.planYearStarted(row.display_text, late.message));
  }
  return [...problems, ...(await linkRefusals(db, buyer, rows))];
}

/**
 * The links of the cart's new documents, as they are now: the client a document joins is still the
 * buyer's (an employer removed from a company does not get it back by paying), the document it renews
 * still theirs to open. Run before the charge and again inside the order's transaction (`db` is then
 * the transaction): a link removed while the payment ran refunds it. A stored document's client is its own.
 */
export async function linkRefusals(db: Kysely<Database>, buyer: Caller, rows: CartRow[]): Promise<string[]> {
  const problems: string[] = [];
  const clients = clientPolicy(db);
  const documents = documentPolicy(db);
  for (const row of rows.filter((item) => !item.document_id)) {
    const form = jsonObject(row.json);
    const clientId = text(form.clientId);
    if (clientId && !(await clients.allows(buyer, 'write', clientId))) {
      problems.push(PURCHASE_MESSAGES.clientUnlinked(row.display_text));
    }
    const original = text(form.originalDocumentId);
    if (original && !(await documents.allows(buyer, 'read', original))) {
      problems.push(PURCHASE_MESSAGES.originalUnreachable(row.display_text));
    }
  }
  return problems;
}
