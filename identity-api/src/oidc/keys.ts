import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { RotatingKeyTable } from '../db/schema.js';

/**
 * The rotating keys (README "Key rotation"). Per kind, the `rotating_key` table holds one `next` key
 * (published: in the JWKS, among the cookie keys that verify; signs nothing), one `current` key (signs)
 * and the `retiring` keys (verify until `retire_after`). A rotation is one transaction: next → current,
 * current → retiring, a new next, expired retiring keys dropped. Every instance rereads the set from
 * the database (KeyRing), so instances sharing a database converge without a restart.
 */
export type KeyKind = RotatingKeyTable['kind'];
export const KEY_KINDS: readonly KeyKind[] = ['signing', 'cookie'];

export interface StoredKey {
  kid: string;
  kind: KeyKind;
  state: RotatingKeyTable['state'];
  /** The private JWK (JSON) of a signing key, the secret of a cookie key. */
  material: string;
  publishedAt: Date;
  activatedAt: Date | null;
  retireAfter: Date | null;
}

export interface KindKeys {
  current: StoredKey;
  next: StoredKey;
  retiring: StoredKey[];
}

export interface KeySet {
  signing: KindKeys;
  cookie: KindKeys;
  /** Changes whenever a key enters, leaves or changes state: what an instance must apply. */
  version: string;
}

export interface RotationPolicy {
  /** How long a key signs before the schedule rotates it. */
  rotationMs: number;
  /** How long a next key must have been published before it may sign. */
  publishLeadMs: number;
  /** How long a key that stopped signing still verifies. */
  retireMs: Record<KeyKind, number>;
}

// Verifiers' clock tolerance (5 s) and clock skew between the instances.
const CLOCK_MARGIN_MS = 60_000;
// The time a reload itself takes (a query, building the provider) on a busy instance.
const RELOAD_MARGIN_MS = 10_000;
/** oidc-provider's Interaction TTL (provider.ts): how long the interaction cookies live. */
export const INTERACTION_TTL_SECONDS = 10 * 60;

/**
 * The timings, from the configuration:
 * - a next key signs only once every instance has published it (a reload) and any JWKS consumer that
 *   fetched the JWKS since may refetch (its cooldown): then a consumer that meets the new kid either
 *   already has it or is allowed to refetch, and finds it;
 * - a signing key verifies after it stopped signing for as long as what it signed lives (the access
 *   token, the id token and the client-credentials token: all ACCESS_TOKEN_TTL_SECONDS; refresh tokens
 *   are opaque, stored in the database, and are signed by nothing), plus a reload (the other instances
 *   sign with it until they reload) and a clock margin;
 * - a cookie key, for the longest cookie: the identity-api session (REFRESH_TOKEN_TTL_SECONDS) or the
 *   interaction (10 min), plus the same margins.
 */
export function rotationPolicy(config: Config): RotationPolicy {
  const margin = config.keys.reloadMs + RELOAD_MARGIN_MS + CLOCK_MARGIN_MS;
  return {
    rotationMs: config.keys.rotationDays * 24 * 60 * 60 * 1000,
    publishLeadMs: config.keys.reloadMs + RELOAD_MARGIN_MS + config.keys.consumerCooldownMs,
    retireMs: {
      signing: config.tokens.accessTokenTtlSeconds * 1000 + margin,
      cookie: Math.max(config.tokens.refreshTokenTtlSeconds, INTERACTION_TTL_SECONDS) * 1000 + margin,
    },
  };
}

async function generate(kind: KeyKind): Promise<{ kid: string; material: string }> {
  const kid = randomUUID();
  if (kind === 'cookie') return { kid, material: randomBytes(32).toString('base64url') };
  // RS256: the OIDC default alg every client supports.
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  return {
    kid,
    material: JSON.stringify({ ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' }),
  };
}

/**
 * Creates the current and next key of a kind that lacks them (first start). Insert-if-absent under the
 * unique indexes of migration 0008, so instances starting together on one database agree.
 */
async function ensureKeys(db: Db, now: Date): Promise<void> {
  const present = await db
    .selectFrom('rotating_key')
    .select(['kind', 'state'])
    .where('state', 'in', ['current', 'next'])
    .execute();
  for (const kind of KEY_KINDS) {
    for (const state of ['current', 'next'] as const) {
      if (present.some((row) => row.kind === kind && row.state === state)) continue;
      const { kid, material } = await generate(kind);
      await db
        .insertInto('rotating_key')
        .values({
          kid,
          kind,
          state,
          material,
          published_at: now.toISOString(),
          activated_at: state === 'current' ? now.toISOString() : null,
          retire_after: null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}

/** The key set in force at `now` (created on first use); retiring keys past `retire_after` are left out. */
export async function readKeySet(db: Db, now: Date): Promise<KeySet> {
  for (let attempt = 0; ; attempt++) {
    const rows = await db.selectFrom('rotating_key').selectAll().orderBy('published_at', 'desc').execute();
    const keys = rows
      .map((row): StoredKey => ({
        kid: row.kid,
        kind: row.kind,
        state: row.state,
        material: row.material,
        publishedAt: new Date(row.published_at),
        activatedAt: row.activated_at ? new Date(row.activated_at) : null,
        retireAfter: row.retire_after ? new Date(row.retire_after) : null,
      }))
      .filter((key) => key.state !== 'retiring' || (key.retireAfter && key.retireAfter > now));
    const kind = (name: KeyKind) => {
      const ofKind = keys.filter((key) => key.kind === name);
      const current = ofKind.find((key) => key.state === 'current');
      const next = ofKind.find((key) => key.state === 'next');
      return current && next
        ? { current, next, retiring: ofKind.filter((key) => key.state === 'retiring') }
        : undefined;
    };
    const signing = kind('signing');
    const cookie = kind('cookie');
    if (signing && cookie) {
      const version = [signing, cookie]
        .flatMap((set) => [set.current, set.next, ...set.retiring])
        .map((key) => `${key.kid}:${key.state}`)
        .join(',');
      return { signing, cookie, version };
    }
    if (attempt > 0) throw new Error('rotating_key holds no current or next key');
    await ensureKeys(db, now);
  }
}

const inSigningOrder = (keys: KindKeys) => [keys.current, keys.next, ...keys.retiring];

/**
 * What oidc-provider is built with. It signs with the first key of an alg and verifies with all, so the
 * current key comes first; keygrip (the cookies) signs with the first key and verifies with all.
 */
export function providerKeys(set: KeySet): { jwks: JWK[]; cookieKeys: string[] } {
  return {
    jwks: inSigningOrder(set.signing).map((key) => JSON.parse(key.material) as JWK),
    cookieKeys: inSigningOrder(set.cookie).map((key) => key.material),
  };
}

// Members of a private JWK; what is left is the public key.
const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/** The public halves of the published signing keys: what the JWKS lists and our own routes verify with. */
export function publicJwks(set: KeySet): JWK[] {
  return providerKeys(set).jwks.map(
    (key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as JWK,
  );
}

/** When the next keys may sign (the later of the two kinds). */
export function eligibleAt(set: KeySet, policy: RotationPolicy): Date {
  const published = Math.max(...KEY_KINDS.map((kind) => set[kind].next.publishedAt.getTime()));
  return new Date(published + policy.publishLeadMs);
}

/** Whether the schedule asks for a rotation: the current signing key has signed for KEY_ROTATION_DAYS. */
export function rotationDue(set: KeySet, policy: RotationPolicy, now: Date): boolean {
  const since = set.signing.current.activatedAt ?? set.signing.current.publishedAt;
  return since.getTime() + policy.rotationMs <= now.getTime();
}

export type RotationOutcome =
  | { rotated: true; set: KeySet; retiring: Record<KeyKind, StoredKey> }
  | { rotated: false; reason: 'next-too-young'; eligibleAt: Date; set: KeySet }
  | { rotated: false; reason: 'already-rotated'; set: KeySet };

class LostRace extends Error {}

/**
 * Rotates both kinds in one transaction. Compare-and-swap on the current keys it read (or on
 * `expectedCurrentKid`, the current signing key the caller saw): of two instances rotating at once,
 * one rotates and the other answers `already-rotated`. Refused while a next key is younger than
 * `publishLeadMs` (it would sign before every instance and JWKS consumer can know it).
 */
export async function rotateKeys(
  db: Db,
  policy: RotationPolicy,
  { now, expectedCurrentKid }: { now: Date; expectedCurrentKid?: string },
): Promise<RotationOutcome> {
  const before = await readKeySet(db, now);
  if (expectedCurrentKid !== undefined && before.signing.current.kid !== expectedCurrentKid) {
    return { rotated: false, reason: 'already-rotated', set: before };
  }
  const eligible = eligibleAt(before, policy);
  if (eligible > now) return { rotated: false, reason: 'next-too-young', eligibleAt: eligible, set: before };

  // Generated before the transaction: an RSA key takes a while, and the transaction holds locks.
  const fresh = { signing: await generate('signing'), cookie: await generate('cookie') };
  try {
    await db.transaction().execute(async (trx) => {
      for (const kind of KEY_KINDS) {
        const { current, next } = before[kind];
        const retired = await trx
          .updateTable('rotating_key')
          .set({
            state: 'retiring',
            retire_after: new Date(now.getTime() + policy.retireMs[kind]).toISOString(),
          })
          .where('kid', '=', current.kid)
          .where('state', '=', 'current')
          .executeTakeFirst();
        if (retired.numUpdatedRows !== 1n) throw new LostRace();
        const promoted = await trx
          .updateTable('rotating_key')
          .set({ state: 'current', activated_at: now.toISOString() })
          .where('kid', '=', next.kid)
          .where('state', '=', 'next')
          .executeTakeFirst();
        if (promoted.numUpdatedRows !== 1n) throw new LostRace();
        await trx
          .insertInto('rotating_key')
          .values({
            kid: fresh[kind].kid,
            kind,
            state: 'next',
            material: fresh[kind].material,
            published_at: now.toISOString(),
            activated_at: null,
            retire_after: null,
          })
          .execute();
      }
      await pruneRetired(trx, now);
    });
  } catch (error) {
    if (error instanceof LostRace) {
      return { rotated: false, reason: 'already-rotated', set: await readKeySet(db, now) };
    }
    throw error;
  }
  return {
    rotated: true,
    set: await readKeySet(db, now),
    retiring: { signing: before.signing.current, cookie: before.cookie.current },
  };
}

/** Deletes the retiring keys past `retire_after` (their private material included). */
export async function pruneRetired(db: Pick<Db, 'deleteFrom'>, now: Date): Promise<void> {
  await db
    .deleteFrom('rotating_key')
    .where('state', '=', 'retiring')
    .where('retire_after', '<=', now.toISOString())
    .execute();
}

export interface KeyRingLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * An instance's view of the key set: rereads it every KEY_RELOAD_MS (and rotates when the schedule says
 * so and this instance wins the compare-and-swap), and tells its listeners (the provider, the bearer
 * checks) when it changed. `now` is the clock of every decision here; tests inject one.
 */
export class KeyRing {
  #set: KeySet | undefined;
  readonly #listeners: Array<(set: KeySet) => void> = [];
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    readonly policy: RotationPolicy,
    readonly now: () => Date = () => new Date(),
    private readonly log?: KeyRingLog,
  ) {}

  /** The key set this instance applies. */
  get set(): KeySet {
    if (!this.#set) throw new Error('KeyRing.load() has not run');
    return this.#set;
  }

  /**
   * Called (synchronously) with each new key set. A listener that throws leaves the set unapplied:
   * every listener gets it again at the next reload.
   */
  onChange(listener: (set: KeySet) => void): void {
    this.#listeners.push(listener);
  }

  /**
   * Rereads the key set; applies it when it changed. The set (its version) is recorded only once every
   * listener took it: when one throws (the provider rebuild, a verifier), the failure is logged and the
   * next reload, seeing a version not yet applied, offers the set to every listener again, rather than
   * leaving this instance signing with a key that will retire.
   */
  async load(): Promise<KeySet> {
    const set = await readKeySet(this.db, this.now());
    if (set.version !== this.#set?.version) {
      const first = this.#set === undefined;
      let failed = false;
      for (const listener of this.#listeners) {
        try {
          listener(set);
        } catch (error) {
          failed = true;
          this.log?.error(
            { err: error, version: set.version, signingKid: set.signing.current.kid },
            'key set not applied: a listener failed (retried at the next reload)',
          );
        }
      }
      if (failed) return set;
      this.#set = set;
      if (!first) this.log?.info({ signingKid: set.signing.current.kid }, 'key set reloaded');
    }
    return set;
  }

  /** One timer round: drops expired keys, rotates when due, applies what the database says. */
  async tick(): Promise<void> {
    const now = this.now();
    await pruneRetired(this.db, now);
    const set = await this.load();
    if (rotationDue(set, this.policy, now) && eligibleAt(set, this.policy) <= now) {
      const outcome = await rotateKeys(this.db, this.policy, {
        now,
        expectedCurrentKid: set.signing.current.kid,
      });
      if (outcome.rotated) {
        this.log?.info(
          { signingKid: outcome.set.signing.current.kid, retiringKid: outcome.retiring.signing.kid },
          'keys rotated on schedule',
        );
      }
      await this.load();
    }
  }

  /** Runs tick() every `intervalMs` (rounds never overlap); a failed round is logged and retried next time. */
  start(intervalMs: number): void {
    this.#timer = setInterval(() => {
      this.#ticking ??= this.tick()
        .catch((error: unknown) => this.log?.error({ err: error }, 'key reload failed'))
        .finally(() => {
          this.#ticking = undefined;
        });
    }, intervalMs);
    this.#timer.unref();
  }

  /** Stops the timer and waits for a running round (before the database closes). */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#ticking;
  }
}
