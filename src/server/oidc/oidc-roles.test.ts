import { describe, expect, it } from 'vitest';
import { isRoleGrant, readClaim, roleNames, sortRoles } from './oidc-roles.ts';

describe('readClaim', () => {
  const claims = {
    roles: ['viewer'],
    realm_access: { roles: ['agent@sandbox'] },
    resource_access: { 'order-console': { roles: ['admin'] } },
    'https://console.example.com/roles': ['approver'],
  };

  it.each([
    ['roles', ['viewer']],
    ['realm_access.roles', ['agent@sandbox']],
    ['resource_access.order-console.roles', ['admin']],
    ['https://console.example.com/roles', ['approver']],
    ['realm_access.groups', undefined],
    ['roles.length', undefined],
    ['missing', undefined],
  ])('%s → %j', (path, expected) => {
    expect(readClaim(claims, path)).toEqual(expected);
  });

  it('does not walk into inherited properties', () => {
    expect(readClaim({}, 'constructor.name')).toBeUndefined();
    expect(readClaim({ roles: [] }, '__proto__')).toBeUndefined();
  });
});

describe('roleNames', () => {
  it.each([
    [['agent@sandbox', 'viewer'], ['agent@sandbox', 'viewer']],
    ['agent@sandbox viewer', ['agent@sandbox', 'viewer']],
    ['agent@sandbox, viewer,admin', ['agent@sandbox', 'viewer', 'admin']],
    [['viewer', 7, null, { role: 'admin' }, 'viewer', ' '], ['viewer']],
    [42, []],
    [{ roles: ['admin'] }, []],
    [undefined, []],
  ])('%j → %j', (value, expected) => {
    expect(roleNames(value)).toEqual(expected);
  });
});

describe('isRoleGrant (D16: role or role@environment)', () => {
  it.each(['viewer', 'agent', 'approver', 'admin', 'agent@sandbox', 'approver@production-eu', 'viewer@env_2'])('takes %s', (name) => {
    expect(isRoleGrant(name)).toBe(true);
  });
  it.each(['Admin', 'superuser', 'agent@', '@sandbox', 'agent@Sandbox', 'agent@sandbox@x', 'offline_access', 'agent @sandbox', ''])('refuses %j', (name) => {
    expect(isRoleGrant(name)).toBe(false);
  });
});

describe('sortRoles', () => {
  it('keeps the known names in order and reports the rest', () => {
    expect(sortRoles(['viewer', 'uma_authorization', 'agent@sandbox'], isRoleGrant)).toEqual({ roles: ['viewer', 'agent@sandbox'], unknownRoles: ['uma_authorization'] });
  });
});
