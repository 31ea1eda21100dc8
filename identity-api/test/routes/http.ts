import type { TestIdentityApi } from '../../src/testing.js';

export interface Answer {
  status: number;
  body: unknown;
}

/** A real HTTP call to identity-api as the gateway makes it: JSON in and out, an optional bearer. */
export async function call(
  api: Pick<TestIdentityApi, 'url'>,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { body?: unknown; bearer?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** An access token (JWT for urn:pop:api) from the password grant, as the gateway holds it. */
export async function accessToken(api: TestIdentityApi, username: string, password: string): Promise<string> {
  const answer = await api.passwordGrant(username, password);
  if (!answer.access_token) throw new Error(`sign-in of ${username} refused: ${answer.error_description}`);
  return answer.access_token;
}
