import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A link or sign-in token (first-login setup, `/auth?token=`): 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored for a link token: its SHA-256 (enough for 256 random bits; the token never is). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A password-reset passcode: 6 digits, uniformly random. */
export function newPasscode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
