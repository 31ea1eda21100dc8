import { PASSWORD_MIN_LENGTH } from '../constants.js';

/**
 * The password policy (specs/1-foundation.md §5): shown by every form that sets a password and
 * enforced by identity-api, from this one rule.
 */
export const PASSWORD_POLICY_TEXT =
  `Your password must be at least ${PASSWORD_MIN_LENGTH} characters long and contain ` +
  'at least one capital letter, one lower case letter and one digit.';

/** What a password lacks; empty when it meets the policy. */
export function passwordPolicyProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  }
  if (!/[A-Z]/.test(password)) problems.push('The password must contain a capital letter');
  if (!/[a-z]/.test(password)) problems.push('The password must contain a lower case letter');
  if (!/\d/.test(password)) problems.push('The password must contain a digit');
  return problems;
}

export function meetsPasswordPolicy(password: string): boolean {
  return passwordPolicyProblems(password).length === 0;
}
