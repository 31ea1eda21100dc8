import { DEMO_PASSWORD } from 'shared-domain';

// identity-api's development client (identity-api/README.md: GATEWAY_CLIENT_ID / GATEWAY_CLIENT_SECRET
// defaults outside production). The benchmarks run their own stack, never a production one.
const CLIENT_ID = process.env.OIDC_CLIENT_ID ?? 'pop-gateway';
const CLIENT_SECRET = process.env.OIDC_CLIENT_SECRET ?? 'dev-gateway-secret-change-me';

/** An access token for `username` straight from identity-api's password grant. */
export async function passwordGrant(identityUrl, username, password = DEMO_PASSWORD) {
  const response = await fetch(`${identityUrl}/oidc/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', username, password, scope: 'openid' }),
  });
  const body = await response.json();
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new Error(`password grant for ${username}: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
}

/** Signs in through the gateway (POST /bff/login) and answers the session cookie and the user. */
export async function bffLogin(gatewayUrl, username, password = DEMO_PASSWORD) {
  const response = await fetch(`${gatewayUrl}/bff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify({ username, password }),
  });
  const body = await response.json();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith('__Host-pop.sid='));
  if (!response.ok || !cookie) {
    throw new Error(`POST /bff/login as ${username}: ${response.status} ${JSON.stringify(body)}`);
  }
  return { cookie, user: body };
}
