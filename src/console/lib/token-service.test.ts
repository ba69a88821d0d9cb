import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DEFAULT_ENVIRONMENT_ID, environmentStore, getActiveEnvironment, getToken, setToken } from './environments.ts';
import { setServerConfigForTests } from './server-config.ts';

// A remembered token belongs to the service it was entered for. The same port started
// again with another ORDER_SERVICE_URL (or as a sandbox) must not hand it to the new service.

const proxyTo = (origin: string) => setServerConfigForTests({ mode: 'proxy', serviceOrigin: origin, serviceHost: new URL(origin).host });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  environmentStore.reload();
});
afterEach(() => setServerConfigForTests(null));

describe('a token and its service', () => {
  test('a remembered token for one proxied service is not given to another, nor to a sandbox on the same address', () => {
    proxyTo('https://orders-a.example.com');
    environmentStore.save({ ...getActiveEnvironment(), rememberToken: true });
    setToken(DEFAULT_ENVIRONMENT_ID, 'token-for-a');
    expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('token-for-a');

    proxyTo('https://orders-b.example.com');
    expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('');

    setServerConfigForTests({ mode: 'sandbox', developmentToken: 'dev-token' });
    expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('dev-token');

    proxyTo('https://orders-a.example.com');
    expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('token-for-a');
  });

  test('the same for a token kept for the tab only', () => {
    proxyTo('https://orders-a.example.com');
    setToken(DEFAULT_ENVIRONMENT_ID, 'tab-token-for-a');
    proxyTo('https://orders-b.example.com');
    expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('');
  });

  test('a remembered token that names no service (kept before this) is not used; one for this tab is', () => {
    proxyTo('https://orders-b.example.com');
    localStorage.setItem(`order-console:token:${DEFAULT_ENVIRONMENT_ID}`, 'old-remembered');
    expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('');
    sessionStorage.setItem(`order-console:token:${DEFAULT_ENVIRONMENT_ID}`, 'seeded-for-this-tab');
    expect(getToken(DEFAULT_ENVIRONMENT_ID)).toBe('seeded-for-this-tab');
  });
});
