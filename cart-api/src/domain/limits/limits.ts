import type { Kysely } from 'kysely';
import { tooManyRequests, type Caller } from 'service-kit';
import type { Database } from '../../db/schema.js';
import { LIMITS_MESSAGES } from './messages.js';
import { useLimit, type Limit, type LimitAnswer } from './rate-limit.js';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

interface NamedLimit extends Limit {
  /** The 429's message: the limit reached, and the wait ('25 minutes'). */
  refusal: (max: number, wait: string) => string;
}

/**
 * Every abuse limit of cart-api (issue 21 item 6; README "Limits" lists them with their keys). Each is
 * a sliding window counted in the database (`useLimit`), taken by the operation that does the costly
 * thing, after the operation's own checks (a refused request changes nothing) and before its effect.
 */
export const LIMITS = {
  /** Invitations sent by an account that has never paid for an order (each makes an account and an e-mail). */
  invitationsBeforePurchase: {
    max: 20,
    windowMs: DAY_MS,
    refusal: LIMITS_MESSAGES.invitationsBeforePurchase,
  },
  /** Invitations sent by an account with a paid order: a broker's busy day, still bounded. */
  invitationsAfterPurchase: { max: 200, windowMs: DAY_MS, refusal: LIMITS_MESSAGES.invitationsAfterPurchase },
  /** Send to All of one document (its addresses are the form's, which whoever edits it writes). */
  sendToAll: { max: 3, windowMs: HOUR_MS, refusal: LIMITS_MESSAGES.sendToAll },
  /** Send to Self of one document by one caller. */
  sendToSelf: { max: 3, windowMs: HOUR_MS, refusal: LIMITS_MESSAGES.sendToSelf },
  /** Email Purchaser of one order (its receipt again). */
  receiptEmails: { max: 5, windowMs: HOUR_MS, refusal: LIMITS_MESSAGES.receiptEmails },
} as const satisfies Record<string, NamedLimit>;

/** Counts one use of `key` under `limit`, or refuses: `429 {message}` with `Retry-After`. */
export async function enforceLimit(
  db: Kysely<Database>,
  key: string,
  limit: NamedLimit,
  now: Date,
): Promise<void> {
  const answer = await useLimit(db, key, limit, now);
  if (!answer.allowed) {
    const { retryAfterSeconds } = answer;
    throw tooManyRequests(
      limit.refusal(limit.max, LIMITS_MESSAGES.wait(retryAfterSeconds)),
      retryAfterSeconds,
    );
  }
}

/** Whether the user has paid for an order (money changed hands: a free order does not count). */
async function hasPurchased(db: Kysely<Database>, userId: string): Promise<boolean> {
  const paid = await db
    .selectFrom('orders')
    .select('order_id')
    .where('user_id', '=', userId)
    .where('paid_at', 'is not', null)
    .where('total_cents', '>', 0)
    .limit(1)
    .executeTakeFirst();
  return paid !== undefined;
}

/**
 * One invitation of `caller` (key `invite:user:{userId}`, both tiers: a first purchase raises the
 * limit on the uses already counted). Compliance is not limited: inviting to purchase is its work.
 */
export async function limitInvitations(db: Kysely<Database>, caller: Caller, now: Date): Promise<void> {
  if (caller.roleGroup === 'compliance') return;
  const limit = (await hasPurchased(db, caller.userId))
    ? LIMITS.invitationsAfterPurchase
    : LIMITS.invitationsBeforePurchase;
  await enforceLimit(db, `invite:user:${caller.userId}`, limit, now);
}

/** The window of a document's PDFs e-mailed to its addresses: Send to All's and the revised documents'. */
const sendToAllKey = (documentId: string) => `send-all:document:${documentId}`;

/**
 * One Send to All of a document (key `send-all:document:{documentId}`, whoever asks), or one Send to
 * Self of it by the caller (key `send-self:document:{documentId}:user:{userId}`).
 */
export function limitDocumentSend(
  db: Kysely<Database>,
  caller: Pick<Caller, 'userId'>,
  documentId: string,
  to: 'self' | 'all',
  now: Date,
): Promise<void> {
  return to === 'all'
    ? enforceLimit(db, sendToAllKey(documentId), LIMITS.sendToAll, now)
    : enforceLimit(db, `send-self:document:${documentId}:user:${caller.userId}`, LIMITS.sendToSelf, now);
}

/**
 * The revised documents' e-mail of a document (a job, revised-mail.ts): one use of Send to All's
 * window (the same key: both mail the PDFs to the addresses whoever edits the form writes), answered
 * rather than thrown, so that the job waits for room (`retryAfterSeconds`) instead of failing.
 */
export function useDocumentSendToAll(
  db: Kysely<Database>,
  documentId: string,
  now: Date,
): Promise<LimitAnswer> {
  return useLimit(db, sendToAllKey(documentId), LIMITS.sendToAll, now);
}

/** One more e-mail of an order's receipt (key `receipt-email:order:{orderId}`). */
export function limitReceiptEmails(db: Kysely<Database>, orderId: string, now: Date): Promise<void> {
  return enforceLimit(db, `receipt-email:order:${orderId}`, LIMITS.receiptEmails, now);
}
