import { expect, test } from 'vitest';
import { grantSchema } from './grants.ts';
import { permissionsIn, roleIn } from './permissions.ts';

// docs/decisions.md D16: roles per environment or for all, permissions as their union.

const grants = (...texts: string[]) => texts.map((text) => grantSchema.parse(text));

test('a role without an environment applies everywhere; role@env only there', () => {
  const held = grants('viewer', 'agent@sandbox');
  expect(permissionsIn(held, 'sandbox')).toEqual(['read:order', 'create:order', 'request:refund', 'read:customer', 'run:scenarios']);
  expect(permissionsIn(held, 'prod')).toEqual(['read:order']);
  expect(roleIn(held, 'sandbox')).toBe('agent');
  expect(roleIn(held, 'prod')).toBe('viewer');
});

test('no grant for an environment: no permission and no role', () => {
  const held = grants('admin@sandbox');
  expect(permissionsIn(held, 'prod')).toEqual([]);
  expect(roleIn(held, 'prod')).toBeNull();
});

test('each role adds to the one before it', () => {
  expect(permissionsIn(grants('approver'), 'x')).toEqual(['read:order', 'create:order', 'request:refund', 'approve:refund', 'read:customer', 'run:scenarios']);
  expect(permissionsIn(grants('admin'), 'x')).toEqual(['read:order', 'create:order', 'request:refund', 'approve:refund', 'manage:users', 'read:audit', 'read:customer', 'reset:sandbox', 'import:orders', 'run:scenarios']);
});

test.each(['boss', 'agent@', 'agent@Prod', 'agent@a@b', '', '@sandbox'])('"%s" is not a grant, and the message lists the roles', (text) => {
  const result = grantSchema.safeParse(text);
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.message).toContain('expected one of viewer, agent, approver, admin');
});
