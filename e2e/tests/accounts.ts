import { expect, type APIRequestContext } from '@playwright/test';
import type { RegistrationPayload } from 'shared-domain';

export const NEW_PASSWORD = 'Fresh2026Pass';

let sequence = 0;

/** A username nobody has used in this run. */
export function uniqueUsername(prefix: string): string {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}${sequence}`;
}

/** Registers an account through the gateway, as the create-account form does. */
export async function registerAccount(
  request: APIRequestContext,
  prefix: string,
  password = NEW_PASSWORD,
  username = uniqueUsername(prefix),
): Promise<{ username: string; email: string; password: string }> {
  const email = `${username}@example.com`;
  const payload: RegistrationPayload = {
    accountType: 'employer',
    firstname: 'Test',
    lastname: 'Person',
    companyName: encodeURIComponent('Test & Co'),
    email,
    username,
    password,
    confirmPassword: password,
    referralId: null,
  };
  const response = await request.post('/api/user', { data: payload, headers: { 'X-CSRF': '1' } });
  expect(response.status(), await response.text()).toBe(201);
  return { username, email, password };
}
