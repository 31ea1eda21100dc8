import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_MESSAGES } from 'shared-domain';

export interface SignInThrottleOptions {
  /** Sign-in attempts (password and sign-in link together) per client address and minute. */
  perAddress: number;
  /** Password attempts per account (existing or not) and minute. */
  perAccount: number;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface SignInThrottle {
  /** preHandler of every sign-in route: counts the attempt against the client's address. */
  byAddress: PreHandler;
  /** preHandler of the password login: counts it against the address, then against the account. */
  byAddressAndAccount: PreHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    signInThrottle: SignInThrottle;
  }
}

/** The account an attempt is for: lower-cased and trimmed, hashed so Redis holds no usernames. */
export function accountKey(username: string): string {
  return createHash('sha256').update(username.trim().toLowerCase()).digest('base64url');
}

function usernameOf(request: FastifyRequest): string | undefined {
  const username = (request.body as { username?: unknown } | undefined)?.username;
  return typeof username === 'string' && username.trim() !== '' ? username : undefined;
}

/**
 * Login throttling per client address AND per account (ARCHITECTURE.md "Security model"). Both
 * answer the same `429 {message}`, whether the account exists or not, so the answer says nothing
 * about accounts. @fastify/rate-limit's `rateLimit()` hook runs once per request (it skips a second
 * limiter), so two `createRateLimit` counters are checked here in turn.
 */
async function signInThrottle(app: FastifyInstance, options: SignInThrottleOptions) {
  const byAddress = app.createRateLimit({
    max: options.perAddress,
    timeWindow: 60_000,
    keyGenerator: (request) => `address:${normalizeIP(request.ip)}`,
  });
  const byAccount = app.createRateLimit({
    max: options.perAccount,
    timeWindow: 60_000,
    keyGenerator: (request) => `account:${accountKey(usernameOf(request) ?? '')}`,
  });

  function refuse(reply: FastifyReply, limit: Awaited<ReturnType<Limiter>>) {
    if (!limit.isAllowed) reply.header('retry-after', String(limit.ttlInSeconds));
    return reply.code(429).send({ message: ACCOUNT_MESSAGES.tooManyAttempts });
  }

  const exceeded = (limit: Awaited<ReturnType<Limiter>>) => !limit.isAllowed && limit.isExceeded;

  app.decorate<SignInThrottle>('signInThrottle', {
    async byAddress(request, reply) {
      const address = await byAddress(request);
      if (exceeded(address)) return refuse(reply, address);
    },
    async byAddressAndAccount(request, reply) {
      const address = await byAddress(request);
      if (exceeded(address)) return refuse(reply, address);
      // No username: the route answers the validation message; there is no account to count.
      if (usernameOf(request) === undefined) return;
      const account = await byAccount(request);
      if (exceeded(account)) return refuse(reply, account);
    },
  });
}

export default fp(signInThrottle, { name: 'sign-in-throttle', dependencies: ['gateway-rate-limit'] });
