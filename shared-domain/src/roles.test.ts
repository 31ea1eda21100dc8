import { describe, expect, it } from '@jest/globals';
import { resolveRole, roleGroup, roleInfo } from './roles.js';

describe('resolveRole', () => {
  it.each([
    [['broker', 'admin', 'compliance'], 'admin'],
    [['epop', 'compliance'], 'compliance'],
    [['employer', 'producersupport'], 'broker'],
    [['epop', 'broker'], 'broker'],
    [['iss', 'employer'], 'epop'],
    [['iss', 'ae'], 'iss'],
  ])('picks one role from %j', (roles, expected) => {
    expect(resolveRole(roles)).toBe(expected);
  });

  it('uses the only role as it is, even one that would be mapped in a list', () => {
    expect(resolveRole(['producersupport'])).toBe('producersupport');
    expect(resolveRole(['employer'])).toBe('employer');
  });

  it('has no role for an empty list', () => {
    expect(resolveRole([])).toBeUndefined();
  });
});

describe('roleGroup', () => {
  it.each([
    ['admin', 'compliance'],
    ['compliance', 'compliance'],
    ['iss', 'compliance'],
    ['teammanager', 'compliance'],
    ['ae', 'compliance'],
    ['broker', 'broker'],
    ['producersupport', 'broker'],
    ['epop', 'epop'],
    ['employer', 'epop'],
    ['someone', 'guest'],
    [undefined, 'guest'],
  ])('maps %s to %s', (role, group) => {
    expect(roleGroup(role)).toBe(group);
  });

  it('combines both steps', () => {
    expect(roleInfo(['employer', 'producersupport'])).toEqual({ role: 'broker', roleGroup: 'broker' });
    expect(roleInfo([])).toEqual({ role: undefined, roleGroup: 'guest' });
  });
});
