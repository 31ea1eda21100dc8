import { describe, expect, it } from '@jest/globals';
import { MESSAGES } from '../messages.js';
import { ACCOUNT_MESSAGES } from './messages.js';
import { meetsPasswordPolicy, PASSWORD_POLICY_TEXT, passwordPolicyProblems } from './password-policy.js';
import { passwordResetSchema, profileSchema, registrationSchema, validateInput } from './schemas.js';

describe('password policy (9+ characters, a capital, a lower case letter, a digit)', () => {
  it.each(['Abcdefgh1', 'Zz345678901', 'DemoPass2026'])('accepts %s', (password) => {
    expect(meetsPasswordPolicy(password)).toBe(true);
    expect(passwordPolicyProblems(password)).toEqual([]);
  });

  it.each([
    ['Abcdefg1', 'at least 9 characters'],
    ['abcdefgh1', 'a capital letter'],
    ['ABCDEFGH1', 'a lower case letter'],
    ['Abcdefghi', 'a digit'],
  ])('refuses %s: it lacks %s', (password, lack) => {
    expect(meetsPasswordPolicy(password)).toBe(false);
    expect(passwordPolicyProblems(password).join(' ')).toContain(lack.replace('at least ', ''));
  });

  it('says the rule in one sentence the forms show', () => {
    expect(PASSWORD_POLICY_TEXT).toContain('at least 9 characters');
  });
});

const registration = {
  accountType: 'broker',
  firstname: 'Ann',
  lastname: 'Lee',
  companyName: '',
  username: 'ann.lee',
  email: 'ann@example.com',
  password: 'Abcdefgh1',
  confirmPassword: 'Abcdefgh1',
  referralId: null,
};

describe('registrationSchema', () => {
  it('accepts a complete registration and drops unknown fields', async () => {
    expect(await validateInput(registrationSchema, { ...registration, role: 'admin' })).toEqual({
      ok: true,
      value: registration,
    });
  });

  it('lists every problem once', async () => {
    const result = await validateInput(registrationSchema, {
      ...registration,
      accountType: 'admin',
      firstname: ' ',
      email: 'nope',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        ACCOUNT_MESSAGES.invalidAccountType,
        'First name is required',
        ACCOUNT_MESSAGES.invalidEmail,
        PASSWORD_POLICY_TEXT,
        ACCOUNT_MESSAGES.passwordsDoNotMatch,
      ],
    });
  });
});

describe('passwordResetSchema', () => {
  it("says 'All fields are required' once for any missing field", async () => {
    expect(await validateInput(passwordResetSchema, { username: 'ann', password: 'Abcdefgh1' })).toEqual({
      ok: false,
      errors: [MESSAGES.allFieldsRequired],
    });
  });

  it('applies the password policy, and caps the passcode at 12 characters', async () => {
    const base = { username: 'ann', passcode: '123456', password: 'Abcdefgh1', confirm: 'Abcdefgh1' };
    expect((await validateInput(passwordResetSchema, base)).ok).toBe(true);
    expect(await validateInput(passwordResetSchema, { ...base, password: 'weak', confirm: 'weak' })).toEqual({
      ok: false,
      errors: [PASSWORD_POLICY_TEXT],
    });
    const long = await validateInput(passwordResetSchema, { ...base, passcode: '1'.repeat(13) });
    expect(long.ok).toBe(false);
  });
});

describe('profileSchema', () => {
  const profile = {
    userId: 'u1',
    userName: 'ann',
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'a@example.com',
  };

  it('ignores the password fields without changePassword', async () => {
    const result = await validateInput(profileSchema, { ...profile, password: 'x', confirmPassword: 'y' });
    expect(result).toEqual({ ok: true, value: { ...profile, changePassword: false } });
  });

  it('checks the new password with changePassword', async () => {
    const result = await validateInput(profileSchema, {
      ...profile,
      changePassword: true,
      password: 'Abcdefgh1',
      confirmPassword: 'Abcdefgh2',
    });
    expect(result).toEqual({ ok: false, errors: [ACCOUNT_MESSAGES.passwordsDoNotMatch] });
  });
});
