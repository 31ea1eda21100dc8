import type { TestIdentityApi, TokenEndpointResponse } from '../src/testing.js';

/** POSTs a form to an /oidc endpoint as the gateway client (client_secret_basic). */
export async function postAsClient(
  api: Pick<TestIdentityApi, 'issuer' | 'clientId' | 'clientSecret'>,
  path: string,
  form: Record<string, string>,
  secret = api.clientSecret,
): Promise<{ status: number; body: TokenEndpointResponse & Record<string, unknown> }> {
  const response = await fetch(`${api.issuer}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${api.clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

export function refresh(api: TestIdentityApi, refreshToken: string) {
  return postAsClient(api, '/token', { grant_type: 'refresh_token', refresh_token: refreshToken });
}
