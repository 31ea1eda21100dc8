import type { Kysely } from 'kysely';
import { notFound, type Caller } from 'service-kit';
import type { DraftBody, DraftValues, SavedDraft } from '../../contract/document-draft.js';
import type { Database } from '../../db/schema.js';
import { userPolicy } from '../../policies/user.js';
import { actionItemPolicy } from '../action-items/policy.js';
import { cartItemPolicy } from '../cart/policy.js';
import { documentPolicy } from '../documents/policy.js';
import { partnerName } from '../partners/partner-queries.js';
import { DRAFTS_MESSAGES } from './messages.js';

/** A draft not saved for this long is dropped (README "Order form drafts"). */
export const DRAFT_TTL_DAYS = 30;
/** The drafts one user keeps; saving one more drops their least recently saved. */
export const MAX_DRAFTS_PER_USER = 20;

const DAY_MS = 86_400_000;
const expiredBefore = (now: Date) => new Date(now.getTime() - DRAFT_TTL_DAYS * DAY_MS).toISOString();

/**
 * May the caller open the form a key names? The record's own policy, as the form's read asks it: a
 * draft cannot be pinned to someone else's document, cart item or invitation. A new document (with
 * or without a partner) names no record of anyone's.
 */
async function mayOpen(db: Kysely<Database>, caller: Caller, form: string): Promise<boolean> {
  const [kind, id] = form.split(':') as [string, string | undefined];
  if (id === undefined) return kind === 'new';
  if (kind === 'new') {
    // A partner's new document: the partner must exist (a key naming nothing keeps no row).
    return (await partnerName(db, id)) !== undefined;
  }
  if (kind === 'document' || kind === 'renew') return documentPolicy(db).allows(caller, 'read', id);
  if (kind === 'cart-item') return cartItemPolicy(db, userPolicy).allows(caller, 'read', id);
  if (kind === 'action-item') return actionItemPolicy(db, userPolicy).allows(caller, 'read', id);
  return false;
}

/**
 * The caller's draft of a form, or null. An expired one is removed on the way, and so is one of a
 * record the caller may no longer open (a client taken from their broker, an invitation withdrawn):
 * a draft holds what the user typed about that record, which must not outlive the right to see it.
 */
export async function getDraft(
  db: Kysely<Database>,
  caller: Caller,
  form: string,
  now: Date,
): Promise<SavedDraft | null> {
  const row = await db
    .selectFrom('document_draft')
    .select(['form_key', 'step', 'draft_values', 'saved_at'])
    .where('user_id', '=', caller.userId)
    .where('form_key', '=', form)
    .executeTakeFirst();
  if (!row) return null;
  if (row.saved_at < expiredBefore(now) || !(await mayOpen(db, caller, form))) {
    await deleteDraft(db, caller, form);
    return null;
  }
  return {
    form: row.form_key,
    step: Number(row.step),
    values: JSON.parse(row.draft_values) as DraftValues,
    savedAt: row.saved_at,
  };
}

/**
 * Saves (replaces) the caller's draft of a form. Expired drafts of anyone go on the way (an indexed
 * delete), and the caller keeps at most MAX_DRAFTS_PER_USER: storage stays bounded per user.
 */
export async function saveDraft(
  db: Kysely<Database>,
  caller: Caller,
  form: string,
  body: DraftBody,
  now: Date,
): Promise<SavedDraft> {
  if (!(await mayOpen(db, caller, form))) throw notFound(DRAFTS_MESSAGES.formNotFound);
  const savedAt = now.toISOString();
  const draftValues = JSON.stringify(body.values);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('document_draft')
      .values({
        user_id: caller.userId,
        form_key: form,
        step: body.step,
        draft_values: draftValues,
        saved_at: savedAt,
      })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'form_key'])
          .doUpdateSet({ step: body.step, draft_values: draftValues, saved_at: savedAt }),
      )
      .execute();
    const surplus = await trx
      .selectFrom('document_draft')
      .select('form_key')
      .where('user_id', '=', caller.userId)
      .orderBy('saved_at', 'desc')
      .orderBy('form_key')
      .offset(MAX_DRAFTS_PER_USER)
      .limit(1000)
      .execute();
    if (surplus.length > 0) {
      await trx
        .deleteFrom('document_draft')
        .where('user_id', '=', caller.userId)
        .where(
          'form_key',
          'in',
          surplus.map((row) => row.form_key),
        )
        .execute();
    }
  });
  // Everyone's expired drafts, after the commit: an indexed delete that holds no lock of this save's.
  await db.deleteFrom('document_draft').where('saved_at', '<', expiredBefore(now)).execute();
  return { form, step: body.step, values: body.values, savedAt };
}

/** Drops the caller's draft of a form (Discard, or the form was saved); none is no error. */
export async function deleteDraft(db: Kysely<Database>, caller: Caller, form: string): Promise<void> {
  await db
    .deleteFrom('document_draft')
    .where('user_id', '=', caller.userId)
    .where('form_key', '=', form)
    .execute();
}
