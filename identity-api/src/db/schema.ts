import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Dates are ISO-8601 text (`toISOString()`) so SQLite and PostgreSQL store and compare them alike. */
export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: the unique key, so usernames compare case-insensitively. */
  username_key: string;
  /** The address in force: e-mails go there, the id_token and the directory show it. */
  email: string;
  /** 1 once the account opened a verification link for `email` (migration 0006); unique among verified rows. */
  email_verified: Generated<number>;
  /** A changed address waiting for its verification link; the verified `email` stays in force meanwhile. */
  pending_email: Generated<string | null>;
  first_name: string;
  last_name: string;
  company_name: string;
  /** `scrypt$N$r$p$salt$hash` (base64url salt and hash). */
  password_hash: string;
  failed_attempts: Generated<number>;
  locked_until: string | null;
  password_expires_at: string | null;
  /** Set for users who sign in through an external identity provider (the specs' `gsuite` case). */
  identity_provider: string | null;
  /** The first referral id the user brought (registration or a later sign-in); never overwritten. */
  referral_id: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface UserRoleTable {
  user_id: string;
  role: string;
}

/** All oidc-provider state (grants, tokens, sessions…), one row per model instance. */
export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
  /** The payload's `accountId` (grants, tokens, codes, sessions): what a password reset revokes. */
  account_id: string | null;
}

/** Generated secrets that must outlive a restart (the keys moved to `rotating_key` in migration 0008). */
export interface SecretTable {
  name: string;
  value: string;
  created_at: string;
}

/**
 * The rotating keys (migration 0008, src/oidc/keys.ts): per kind, one `next` (published, not yet
 * signing), one `current` (signs) and any `retiring` ones (verify until `retire_after`).
 */
export interface RotatingKeyTable {
  kid: string;
  kind: 'signing' | 'cookie';
  state: 'next' | 'current' | 'retiring';
  /** The private JWK (JSON) of a signing key; the secret of a cookie key. */
  material: string;
  /** When the key entered the set (every instance publishes it within KEY_RELOAD_MS). */
  published_at: string;
  /** When it started signing. */
  activated_at: string | null;
  /** A retiring key is dropped from this time on. */
  retire_after: string | null;
}

/** One-time sign-in tokens (/auth?token=): only the SHA-256 of the token is kept; deleted when used. */
export interface LoginTokenTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  created_at: string;
}

/** A password-reset passcode: scrypt-hashed, one per user (a new request replaces it), deleted when used. */
export interface PasscodeTable {
  user_id: string;
  passcode_hash: string;
  /**
   * Checks spent since `attempts_since` (within the hour window, across passcodes: a new passcode
   * keeps the count); counted before each check, so parallel guesses cannot exceed the limit.
   */
  attempts: Generated<number>;
  attempts_since: string | null;
  /** Passcode e-mails sent since `mails_since` (the hour window of the e-mail limit). */
  mails_sent: Generated<number>;
  mails_since: string | null;
  expires_at: string;
  created_at: string;
}

/** First-login links (/first-time-setup/{token}): only the SHA-256 of the token is kept. */
export interface TemporaryUserTokenTable {
  token_hash: string;
  user_id: string;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

/** E-mail verification links (/verify-email?token=): only the SHA-256 of the token is kept. */
export interface EmailVerificationTable {
  token_hash: string;
  user_id: string;
  /** The address the link verifies. */
  email: string;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

/** One row per sign-in the shell reports (POST user/{userId}/login). */
export interface UserLoginTable {
  id: string;
  user_id: string;
  signed_in_at: string;
  referral_id: string | null;
}

/** A link between two users (migration 0005): mutual, one row per direction. */
export interface UserLinkTable {
  user_id: string;
  linked_user_id: string;
  created_at: string;
}

/** A user a broker's exact search found (migration 0007): one row per searcher and user, the last find. */
export interface UserFindTable {
  searcher_id: string;
  user_id: string;
  found_at: string;
}

export interface Database {
  users: UsersTable;
  user_role: UserRoleTable;
  oidc_payload: OidcPayloadTable;
  secret: SecretTable;
  rotating_key: RotatingKeyTable;
  passcode: PasscodeTable;
  temporary_user_token: TemporaryUserTokenTable;
  user_login: UserLoginTable;
  login_token: LoginTokenTable;
  user_link: UserLinkTable;
  email_verification: EmailVerificationTable;
  user_find: UserFindTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
