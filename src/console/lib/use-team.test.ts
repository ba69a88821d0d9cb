import { expect, test } from 'vitest';
import { parseServerConfig } from './server-config.ts';
import { readMe } from './team-me.ts';
import { allowedIn } from './use-team.ts';

// Team mode (D16) in the console: what /console-config.json and /api/me say, and the sentence a
// role that may not do something is shown.

const ME = {
  user: { email: 'ann@example.com' },
  grants: ['agent@sandbox', 'viewer'],
  environments: [
    { id: 'sandbox', name: 'Sandbox', production: false, approval_threshold: null, sandbox: true, role: 'agent', permissions: ['read:order', 'create:order', 'request:refund'] },
    { id: 'prod', name: 'Production', production: true, approval_threshold: '100.00', sandbox: false, role: 'viewer', permissions: ['read:order', 'fly:plane'] },
  ],
};

test('team mode is read from the server config; anything unknown stays a sandbox', () => {
  expect(parseServerConfig({ mode: 'team', auth: 'local' })).toEqual({ mode: 'team', auth: 'local', me: null });
  expect(parseServerConfig({ mode: 'team', auth: 'ldap' })).toEqual({ mode: 'sandbox' });
});

test("/api/me is read with the contract's schema; a permission the console does not know is dropped", () => {
  const me = readMe(ME);
  expect(me?.email).toBe('ann@example.com');
  expect(me?.environments[1]).toEqual({ id: 'prod', name: 'Production', production: true, approvalThreshold: '100.00', sandbox: false, role: 'viewer', permissions: ['read:order'] });
  expect(readMe({ user: {}, grants: [], environments: [] })).toBeNull();
});

test('a role that may not do something is told which role, what and where', () => {
  const me = readMe(ME);
  expect(allowedIn(me, true, 'sandbox', 'request:refund')).toEqual({ allowed: true, reason: null });
  expect(allowedIn(me, true, 'prod', 'request:refund')).toEqual({ allowed: false, reason: 'Your role viewer cannot refund in Production.' });
  expect(allowedIn(me, true, 'staging', 'create:order')).toEqual({ allowed: false, reason: 'You have no role in staging, so you cannot create orders there.' });
  // Personal mode: the console has no roles; the service decides.
  expect(allowedIn(null, false, 'prod', 'request:refund')).toEqual({ allowed: true, reason: null });
});
