import { expect, test } from 'vitest';
import { consoleWidePermissions, consoleWidePermissionsOf } from './console-permissions.ts';

// D16: the audit log and users are the whole console's: only a grant for every environment counts.

test.each([
  [['admin'], true],
  [['admin@sandbox'], false],
  [['agent', 'admin@prod'], false],
  [['viewer', ' admin '], true],
  [['Admin', 'root', ''], false],
])('grants %j: may read the audit log = %s', (grants, may) => {
  expect(consoleWidePermissionsOf(grants).includes('read:audit')).toBe(may);
  expect(consoleWidePermissionsOf(grants).includes('manage:users')).toBe(may);
});

test('the union of the global grants only', () => {
  expect(consoleWidePermissions([{ role: 'agent', environment: null }, { role: 'admin', environment: 'sandbox' }])).toEqual(['read:order', 'create:order', 'request:refund', 'read:customer', 'run:scenarios']);
});
