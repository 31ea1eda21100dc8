import type { FastifyBaseLogger } from 'fastify';

/**
 * The global refresh-token setting (specs/1-foundation.md §4 Session: "The refresh timers are active
 * only when a global setting enables refresh tokens. That setting is fetched at startup").
 */
export interface RefreshSetting {
  /** Whether sessions may refresh their tokens right now. */
  enabled(): boolean;
}

export interface RemoteRefreshSetting extends RefreshSetting {
  /** Starts fetching in the background (retrying until cart-api answers). */
  start(): void;
  stop(): void;
  /** Resolves once cart-api has answered (tests and logs). */
  readonly known: Promise<boolean>;
}

export interface RemoteRefreshSettingOptions {
  /** `${cartApiUrl}/system-message/config/refresh-token`, answering `{enabled: boolean}`. */
  url: string;
  log: FastifyBaseLogger;
  /** First retry delay; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

const TIMEOUT_MS = 5000;

/**
 * The setting as cart-api says, fetched once at start and retried in the background until cart-api
 * answers. Until then refresh counts as ON: the stack may start the gateway before cart-api, and
 * "off" would sign everybody out after their first access token instead of keeping sessions alive.
 * A change of the setting reaches the gateway at its next start (the specs fetch it at startup).
 */
export function remoteRefreshSetting(options: RemoteRefreshSettingOptions): RemoteRefreshSetting {
  const { url, log } = options;
  let value: boolean | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let delay = options.retryMs ?? 1000;
  const maxDelay = options.maxRetryMs ?? 30_000;
  let announce!: (enabled: boolean) => void;
  const known = new Promise<boolean>((resolve) => (announce = resolve));

  async function fetchOnce(): Promise<boolean | undefined> {
    try {
      const response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { enabled?: unknown };
      return typeof body?.enabled === 'boolean' ? body.enabled : undefined;
    } catch {
      return undefined;
    }
  }

  async function attempt(first: boolean) {
    if (stopped) return;
    const answer = await fetchOnce();
    if (stopped) return;
    if (answer !== undefined) {
      value = answer;
      log.info({ refreshTokens: answer }, 'refresh-token setting fetched from cart-api');
      announce(answer);
      return;
    }
    if (first) log.warn({ url }, 'refresh-token setting unavailable: refreshing until cart-api answers');
    timer = setTimeout(() => void attempt(false), delay);
    timer.unref();
    delay = Math.min(delay * 2, maxDelay);
  }

  return {
    enabled: () => value ?? true,
    known,
    start: () => void attempt(true),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** A fixed setting (tests, or a deployment that wants to pin it). */
export function fixedRefreshSetting(enabled: boolean): RefreshSetting {
  return { enabled: () => enabled };
}
