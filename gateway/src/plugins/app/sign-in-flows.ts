import { createHash, timingSafeEqual } from 'node:crypto';
import type { AuthorizationChecks } from './identity-client.js';
import type { Clock, SessionRecordStore } from './session-stores/index.js';

/** How long an external sign-in may take between the redirect and the callback. */
export const SIGN_IN_FLOW_TTL_MS = 10 * 60 * 1000;

/** One external sign-in in progress: what the callback checks, and which browser started it. */
export interface SignInFlow extends AuthorizationChecks {
  /** SHA-256 of the `__Host-pop.flow` cookie value: the browser that started the flow. */
  browser: string;
  createdAt: number;
}

export interface SignInFlows {
  save(flow: SignInFlow): Promise<void>;
  /**
   * The flow of `state`, removed from the store (single use), if it is younger than 10 minutes and
   * was started by the browser holding `cookieValue`; otherwise undefined.
   */
  take(state: string, cookieValue: string): Promise<SignInFlow | undefined>;
}

/** Store ids: session ids (base64url) never hold a dot, so the two kinds of record cannot meet. */
const KEY_PREFIX = 'flow.';
const STATE = /^[\w-]{16,128}$/;

export function browserBinding(cookieValue: string): string {
  return createHash('sha256').update(cookieValue).digest('base64url');
}

function sameBinding(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Flows live in the session store (SQLite or Redis, so every gateway instance finds them) under
 * `flow.<state>`, expiring after 10 minutes. The callback cannot use the session for this: the
 * session cookie is SameSite=Strict and so is not sent on the issuer's cross-site redirect back.
 * `take` deletes the record (its tombstone keeps it from being written again); a second callback
 * with the same state, here or on another instance, finds nothing. Within one process concurrent
 * takes of one state are serialised, so only one of them gets the flow.
 */
export function createSignInFlows(store: SessionRecordStore, now: Clock): SignInFlows {
  const taking = new Set<string>();
  return {
    async save(flow) {
      await store.set(`${KEY_PREFIX}${flow.state}`, { ...flow }, flow.createdAt + SIGN_IN_FLOW_TTL_MS);
    },
    async take(state, cookieValue) {
      if (!STATE.test(state) || taking.has(state)) return undefined;
      taking.add(state);
      try {
        const id = `${KEY_PREFIX}${state}`;
        const record = (await store.get(id)) as SignInFlow | undefined;
        if (!record) return undefined;
        // Only the browser that started the flow may end it, and only once.
        if (!sameBinding(record.browser, browserBinding(cookieValue))) return undefined;
        await store.destroy(id);
        if (now() - record.createdAt >= SIGN_IN_FLOW_TTL_MS) return undefined;
        return record;
      } finally {
        taking.delete(state);
      }
    },
  };
}
