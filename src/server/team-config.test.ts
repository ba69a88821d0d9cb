import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { spawnMain } from '../sandbox/testing/child.ts';
import { parseDuration } from './durations.ts';
import { readTeamConfig, TeamConfigError } from './team-config.ts';

// docs/decisions.md D16: team mode's configuration, and the one line a bad one stops the start with.

const dir = mkdtempSync(join(tmpdir(), 'team-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function file(content: unknown): string {
  const path = join(dir, `environments-${++files}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const prod = { id: 'prod', name: 'Production', base_url: 'https://orders.example.com', token_env: 'PROD_TOKEN', production: true, approval_threshold: '100.00' };

const read = (env: Record<string, string>, hasSandbox = true) => readTeamConfig(env, { hasSandbox });
const errorOf = (env: Record<string, string>, hasSandbox = true) => {
  try {
    read(env, hasSandbox);
  } catch (error) {
    if (error instanceof TeamConfigError) return error.message;
    throw error;
  }
  return null;
};

test('without CONSOLE_AUTH: personal mode (null), whatever else is set', () => {
  expect(read({ CONSOLE_ENVIRONMENTS: '/nowhere.json' })).toBeNull();
});

test('CONSOLE_AUTH=local alone: the embedded sandbox, default database and timeouts', () => {
  expect(read({ CONSOLE_AUTH: 'local' })).toEqual({
    auth: 'local',
    db: '.data/console',
    environments: [{ id: 'sandbox', name: 'Sandbox', production: false, approvalThreshold: null, target: { kind: 'sandbox' } }],
    idleMs: 15 * 60_000,
    maxMs: 12 * 3_600_000,
    origin: null,
    approvalTtlMs: 24 * 3_600_000,
    approvalWindowMs: 24 * 3_600_000,
    auditCheckpointFile: resolve('.data/console.audit-checkpoint.json'),
    indexRefreshPerSecond: 1,
    mfaRequiredFor: ['approver', 'admin'],
  });
});

test('CONSOLE_INDEX_REFRESH: reads a second per environment, 0 turns the refresher off; anything else stops the start', () => {
  expect(read({ CONSOLE_AUTH: 'local', CONSOLE_INDEX_REFRESH: '0.2' })?.indexRefreshPerSecond).toBe(0.2);
  expect(read({ CONSOLE_AUTH: 'local', CONSOLE_INDEX_REFRESH: '0' })?.indexRefreshPerSecond).toBe(0);
  for (const wrong of ['-1', 'fast', '1e3', '101']) expect(() => read({ CONSOLE_AUTH: 'local', CONSOLE_INDEX_REFRESH: wrong }), wrong).toThrow(/CONSOLE_INDEX_REFRESH must be reads a second/);
});

test('CONSOLE_MFA_REQUIRED_FOR: roles, all or none (docs/accounts.md); anything else is named', () => {
  expect(read({ CONSOLE_AUTH: 'local', CONSOLE_MFA_REQUIRED_FOR: 'agent' })?.mfaRequiredFor).toEqual(['agent']);
  expect(read({ CONSOLE_AUTH: 'local', CONSOLE_MFA_REQUIRED_FOR: 'ALL' })?.mfaRequiredFor).toEqual(['viewer', 'agent', 'approver', 'admin']);
  expect(read({ CONSOLE_AUTH: 'local', CONSOLE_MFA_REQUIRED_FOR: 'none' })?.mfaRequiredFor).toEqual([]);
  expect(errorOf({ CONSOLE_AUTH: 'local', CONSOLE_MFA_REQUIRED_FOR: 'approver, supervisor' })).toBe('CONSOLE_MFA_REQUIRED_FOR: "supervisor" is not a role: give roles (viewer, agent, approver, admin), all or none');
});

test('the public origin: CONSOLE_ORIGIN, else PUBLIC_URL’s (https there makes the session cookie Secure)', () => {
  expect(read({ CONSOLE_AUTH: 'local', PUBLIC_URL: 'https://console.example.com/app/' })?.origin).toBe('https://console.example.com');
  expect(read({ CONSOLE_AUTH: 'local', PUBLIC_URL: 'https://public.example.com', CONSOLE_ORIGIN: 'https://console.example.com' })?.origin).toBe('https://console.example.com');
});

test('CONSOLE_TRUSTED_PROXIES: addresses and CIDRs, comma or space separated; a bad entry is named', () => {
  const proxies = read({ CONSOLE_AUTH: 'local', CONSOLE_TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1 ::1' })?.trustedProxies;
  expect(proxies?.entries).toEqual(['10.0.0.0/8', '192.0.2.1', '::1']);
  expect([proxies?.has('10.20.30.40'), proxies?.has('192.0.2.2'), proxies?.has('::1')]).toEqual([true, false, true]);
  expect(errorOf({ CONSOLE_AUTH: 'local', CONSOLE_TRUSTED_PROXIES: '10.0.0.0/8,proxy.internal' })).toBe('CONSOLE_TRUSTED_PROXIES: "proxy.internal" is not an IP address or a CIDR range such as 10.0.0.0/8');
});

test('an environments file: the token comes from the variable token_env names; a sandbox entry names the sandbox', () => {
  const path = file([{ id: 'sandbox', name: 'Training', production: false, approval_threshold: '0.00' }, { ...prod, approval_daily_limit: '2000.00' }]);
  const config = read({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: path, PROD_TOKEN: 's3cret', CONSOLE_DATABASE_URL: 'postgres://u@db/console', CONSOLE_SESSION_IDLE: '30s', CONSOLE_APPROVAL_WINDOW: '2h' });
  expect(config?.environments).toEqual([
    { id: 'sandbox', name: 'Training', production: false, approvalThreshold: '0.00', target: { kind: 'sandbox' } },
    { id: 'prod', name: 'Production', production: true, approvalThreshold: '100.00', approvalDailyLimit: '2000.00', target: { kind: 'http', baseUrl: 'https://orders.example.com', token: 's3cret' } },
  ]);
  expect(config?.db).toBe('postgres://u@db/console');
  expect(config?.idleMs).toBe(30_000);
  expect(config?.approvalWindowMs).toBe(2 * 3_600_000);
  expect(errorOf({ CONSOLE_AUTH: 'local', CONSOLE_APPROVAL_WINDOW: 'a day' })).toBe('CONSOLE_APPROVAL_WINDOW must be a duration such as 30s, 15m or 12h, got "a day"');
});

describe('refused, one line each', () => {
  test.each([
    ['a missing token_env variable names it', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: file([prod]) }), 'the environment "prod" names token_env PROD_TOKEN, but that variable is not set'],
    ['an empty token variable', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: file([prod]), PROD_TOKEN: ' ' }), 'PROD_TOKEN, but that variable is not set'],
    ['CONSOLE_AUTH of another kind', () => ({ CONSOLE_AUTH: 'ldap' }), 'CONSOLE_AUTH must be "local" or "oidc", got "ldap"'],
    ['a file that is not there', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: join(dir, 'none.json') }), 'CONSOLE_ENVIRONMENTS: cannot read'],
    ['a file that is not JSON', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: file('[{') }), 'is not JSON'],
    ['a field of the wrong type', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: file([{ ...prod, production: 'yes' }]), PROD_TOKEN: 't' }), '0.production'],
    ['an unknown field (a token written into the file)', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: file([{ ...prod, token: 'x' }]), PROD_TOKEN: 't' }), 'token'],
    ['a threshold that is not an amount', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: file([{ ...prod, approval_threshold: '1e3' }]), PROD_TOKEN: 't' }), '0.approval_threshold'],
    ['an id listed twice', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: file([prod, prod]), PROD_TOKEN: 't' }), 'listed twice'],
    ['the sandbox entry with a base_url', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: file([{ id: 'sandbox', name: 'S', base_url: 'http://x.example', production: false }]) }), 'takes no base_url or token_env'],
    ['an environment without token_env', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: file([{ id: 'prod', name: 'P', base_url: 'https://x.example', production: true }]) }), 'needs base_url and token_env'],
    ['a duration without a unit', () => ({ CONSOLE_AUTH: 'local', CONSOLE_SESSION_IDLE: '900' }), 'CONSOLE_SESSION_IDLE must be a duration such as 30s, 15m or 12h, got "900"'],
    ['idle longer than the absolute end', () => ({ CONSOLE_AUTH: 'local', CONSOLE_SESSION_IDLE: '13h' }), 'must not be longer than CONSOLE_SESSION_MAX'],
    ['both databases', () => ({ CONSOLE_AUTH: 'local', CONSOLE_DB: 'x', CONSOLE_DATABASE_URL: 'postgres://h/d' }), 'not both'],
    ['an origin with a path', () => ({ CONSOLE_AUTH: 'local', CONSOLE_ORIGIN: 'https://console.example.com/app' }), 'CONSOLE_ORIGIN must be an origin'],
  ])('%s', (_, env, message) => {
    const error = errorOf(env());
    expect(error).toContain(message);
    expect(error).not.toContain('\n');
  });

  test('a sandbox entry when this process runs no sandbox (proxy mode)', () => {
    expect(errorOf({ CONSOLE_AUTH: 'local', CONSOLE_ENVIRONMENTS: file([{ id: 'sandbox', name: 'S', production: false }]) }, false)).toContain('runs no sandbox');
  });
});

test.each([
  ['30s', 30_000],
  ['15m', 900_000],
  ['12h', 43_200_000],
  ['1s', 1_000],
])('duration %s', (text, ms) => expect(parseDuration(text)).toBe(ms));

test.each(['', '0s', '15', '15 m', '1.5h', '-1m', '15min', '1d'])('not a duration: "%s"', (text) => expect(parseDuration(text)).toBeNull());

describe('npm start refuses to start, with one line', () => {
  test.each([
    ['a missing token_env variable', () => ({ CONSOLE_ENVIRONMENTS: file([prod]) }), 'console: the environment "prod" names token_env PROD_TOKEN, but that variable is not set\n'],
    ['CONSOLE_AUTH=oidc without its provider', () => ({ CONSOLE_AUTH: 'oidc' }), 'oidc: OIDC_ISSUER is not set (CONSOLE_AUTH=oidc needs it)\n'],
  ])('%s', async (_, env, line) => {
    const main = spawnMain({ PORT: '0', SANDBOX_DB: ':memory:', CONSOLE_AUTH: 'local', CONSOLE_DB: ':memory:', ...env() });
    const { code } = await main.exited;
    expect(code).toBe(1);
    expect(main.stderr()).toBe(line);
  });
});
