/** Authorize.Net's two endpoints of the JSON API (README "Payments"). */
export const AUTHORIZE_NET_ENDPOINTS = {
  production: 'https://api.authorize.net/xml/v1/request.api',
  sandbox: 'https://apitest.authorize.net/xml/v1/request.api',
} as const;

/** The merchant's account at Authorize.Net: PAYMENT_GATEWAY=authorize-net needs all three. */
export interface AuthorizeNetConfig {
  /** AUTHORIZE_NET_API_LOGIN_ID (up to 25 characters). */
  apiLoginId: string;
  /** AUTHORIZE_NET_TRANSACTION_KEY (16 characters): a secret, never logged. */
  transactionKey: string;
  /** AUTHORIZE_NET_ENDPOINT: `production`, `sandbox`, or the URL of a stand-in (the tests' fake). */
  endpoint: string;
  /** AUTHORIZE_NET_TIMEOUT_MS: after this long a call's outcome counts as unknown (30 s). */
  timeoutMs: number;
}

const NEEDED = [
  'AUTHORIZE_NET_API_LOGIN_ID',
  'AUTHORIZE_NET_TRANSACTION_KEY',
  'AUTHORIZE_NET_ENDPOINT',
] as const;

function endpointOf(text: string, nodeEnv: string): string {
  if (text === 'production' || text === 'sandbox') return AUTHORIZE_NET_ENDPOINTS[text];
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`AUTHORIZE_NET_ENDPOINT must be "production", "sandbox" or a URL, got "${text}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`AUTHORIZE_NET_ENDPOINT must be an http(s) URL, got "${text}"`);
  }
  // Card and account numbers never cross a network in the clear.
  if (nodeEnv === 'production' && url.protocol !== 'https:') {
    throw new Error('AUTHORIZE_NET_ENDPOINT must be https when NODE_ENV=production');
  }
  return url.href;
}

/**
 * The AUTHORIZE_NET_* variables, checked at start: required when PAYMENT_GATEWAY=authorize-net (the
 * service refuses to start without them), ignored otherwise.
 */
export function authorizeNetConfig(env: NodeJS.ProcessEnv, nodeEnv: string): AuthorizeNetConfig | undefined {
  if (env.PAYMENT_GATEWAY !== 'authorize-net') return undefined;
  const missing = NEEDED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new Error(
      `PAYMENT_GATEWAY=authorize-net needs ${NEEDED.join(', ')} (the endpoint: sandbox, production or a URL); missing: ${missing.join(', ')}`,
    );
  }
  const apiLoginId = env.AUTHORIZE_NET_API_LOGIN_ID!.trim();
  const transactionKey = env.AUTHORIZE_NET_TRANSACTION_KEY!.trim();
  if (apiLoginId.length > 25) throw new Error('AUTHORIZE_NET_API_LOGIN_ID has at most 25 characters');
  // Its length only: the key itself is a secret and never goes into a message.
  if (transactionKey.length > 16) throw new Error('AUTHORIZE_NET_TRANSACTION_KEY has at most 16 characters');
  const timeoutText = env.AUTHORIZE_NET_TIMEOUT_MS?.trim() || '30000';
  const timeoutMs = Number(timeoutText);
  // The purchase lock takes a charge over after 5 minutes: an answer must be given up well before.
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 120_000) {
    throw new Error(`AUTHORIZE_NET_TIMEOUT_MS must be a whole number from 1 to 120000, got "${timeoutText}"`);
  }
  return {
    apiLoginId,
    transactionKey,
    endpoint: endpointOf(env.AUTHORIZE_NET_ENDPOINT!.trim(), nodeEnv),
    timeoutMs,
  };
}
