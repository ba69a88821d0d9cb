import { describe, expect, test } from 'vitest';
import { displayUrl, readServerConfig, ServerConfigError } from './config.ts';

describe('readServerConfig', () => {
  test('defaults (D8)', () => {
    expect(readServerConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      orderServiceUrl: undefined,
      publicUrl: undefined,
      allowedHosts: [],
      exposedHost: undefined,
    });
  });

  test('every variable', () => {
    expect(
      readServerConfig({
        PORT: '0',
        HOST: '0.0.0.0',
        ORDER_SERVICE_URL: 'https://svc.example/api',
        PUBLIC_URL: 'https://console.example.com/some/path',
        ALLOWED_HOSTS: ' Console.internal , 10.0.0.5,,',
      }),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      orderServiceUrl: 'https://svc.example/api',
      publicUrl: 'https://console.example.com',
      allowedHosts: ['console.internal', '10.0.0.5'],
      exposedHost: '0.0.0.0',
    });
  });

  test('loopback names are not exposed; anything else is, and then the host names to answer to must be said', () => {
    for (const host of ['::1', '127.0.0.2', 'localhost']) expect(readServerConfig({ HOST: host }).exposedHost, host).toBeUndefined();
    expect(() => readServerConfig({ HOST: '0.0.0.0' })).toThrow(/HOST=0\.0\.0\.0 listens beyond this machine: set PUBLIC_URL .* or ALLOWED_HOSTS/);
    expect(readServerConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'http://console.internal:8080' }).exposedHost).toBe('0.0.0.0');
    expect(readServerConfig({ HOST: '0.0.0.0', ALLOWED_HOSTS: 'console.internal' }).exposedHost).toBe('0.0.0.0');
  });

  test.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ ORDER_SERVICE_URL: 'ftp://x' }, /ORDER_SERVICE_URL/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL must be an http\(s\) URL/],
    [{ PUBLIC_URL: 'https://u:p@x.example' }, /PUBLIC_URL must be an http\(s\) URL/],
    [{ ALLOWED_HOSTS: 'x.example:8080' }, /ALLOWED_HOSTS: "x.example:8080" is not a host name/],
  ])('%o is refused with a message naming the variable', (env, message) => {
    expect(() => readServerConfig(env)).toThrow(ServerConfigError);
    expect(() => readServerConfig(env)).toThrow(message);
  });

  test('displayUrl drops credentials and query', () => {
    expect(displayUrl('https://user:secret@svc.example/api?token=x')).toBe('https://svc.example/api');
  });
});
