import { describe, expect, test } from 'vitest';
import { ConfigError, displayUrl, readConfig } from './config.ts';

// What `openssl rand -hex 24` prints.
const STRONG_A = '3f9c1e7a52d04b8e96a1c3d5f7e9024b6d8f0a1c3e5f7a9b';
const STRONG_B = 'a0b1c2d3e4f5061728394a5b6c7d8e9f00112233445566ab';

describe('readConfig', () => {
  test('defaults (D8)', () => {
    expect(readConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      db: '.data/sandbox',
      poolSize: 10,
      tokens: ['dev-token'],
      defaultToken: true,
      arrayErrors: 'list',
      orderServiceUrl: undefined,
      publicUrl: undefined,
      allowedHosts: [],
    });
  });

  test('every variable', () => {
    expect(
      readConfig({
        PORT: '0',
        HOST: '0.0.0.0',
        SANDBOX_DB: ':memory:',
        SANDBOX_TOKENS: ' a , b,,',
        SANDBOX_ARRAY_ERRORS: 'index',
        ORDER_SERVICE_URL: 'https://svc.example/api',
        PUBLIC_URL: 'https://console.example.com/some/path',
        ALLOWED_HOSTS: ' Console.internal , 10.0.0.5,,',
      }),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      db: ':memory:',
      poolSize: 10,
      tokens: ['a', 'b'],
      defaultToken: false,
      arrayErrors: 'index',
      orderServiceUrl: 'https://svc.example/api',
      publicUrl: 'https://console.example.com',
      allowedHosts: ['console.internal', '10.0.0.5'],
    });
  });

  test('D15: SANDBOX_DATABASE_URL puts the store on a PostgreSQL server, with SANDBOX_DATABASE_POOL connections', () => {
    const config = readConfig({ SANDBOX_DATABASE_URL: ' postgresql://sandbox:pw@db.internal:5432/sandbox ', SANDBOX_DATABASE_POOL: '4' });
    expect(config).toMatchObject({ db: 'postgresql://sandbox:pw@db.internal:5432/sandbox', poolSize: 4 });
  });

  test('beyond loopback only with tokens of your own; behind a proxy the tokens are not the sandbox\'s', () => {
    expect(() => readConfig({ HOST: '0.0.0.0' })).toThrow(/HOST=0\.0\.0\.0 listens beyond this machine: set SANDBOX_TOKENS/);
    expect(readConfig({ HOST: '0.0.0.0', SANDBOX_TOKENS: `${STRONG_A},${STRONG_B}`, PUBLIC_URL: 'http://sandbox.internal:8080' }).host).toBe('0.0.0.0');
    expect(readConfig({ HOST: '::1' }).host).toBe('::1');
    expect(readConfig({ HOST: '127.0.0.2' }).host).toBe('127.0.0.2');
    expect(readConfig({ HOST: '0.0.0.0', ORDER_SERVICE_URL: 'https://svc.example/', ALLOWED_HOSTS: 'console.internal' }).host).toBe('0.0.0.0');
  });

  test('beyond loopback, the host names to answer to must be said (issue 23 #10)', () => {
    expect(() => readConfig({ HOST: '0.0.0.0', SANDBOX_TOKENS: STRONG_A })).toThrow(/HOST=0\.0\.0\.0 listens beyond this machine: set PUBLIC_URL .* or ALLOWED_HOSTS/);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL must be an http\(s\) URL/);
    expect(() => readConfig({ PUBLIC_URL: 'https://u:p@x.example' })).toThrow(/PUBLIC_URL must be an http\(s\) URL/);
    expect(() => readConfig({ ALLOWED_HOSTS: 'x.example:8080' })).toThrow(/ALLOWED_HOSTS: "x.example:8080" is not a host name/);
  });

  test('beyond loopback every token is long and random: one clear line with a generator otherwise (issue 23 #4)', () => {
    const team = { HOST: '0.0.0.0', PUBLIC_URL: 'http://sandbox.internal:8080' };
    for (const weak of ['a', 'token-for-jana', 'x'.repeat(40), `${STRONG_A},short`]) {
      expect(() => readConfig({ ...team, SANDBOX_TOKENS: weak }), weak).toThrow(/every SANDBOX_TOKENS token must be at least 32 random characters .*openssl rand -hex 24/);
    }
    expect(readConfig({ ...team, SANDBOX_TOKENS: `${STRONG_A},${STRONG_B}` }).tokens).toEqual([STRONG_A, STRONG_B]);
    // On loopback a short token is the developer's own business; behind a proxy they are the real service's.
    expect(readConfig({ SANDBOX_TOKENS: 'a' }).tokens).toEqual(['a']);
    expect(readConfig({ ...team, SANDBOX_TOKENS: 'a', ORDER_SERVICE_URL: 'https://svc.example/' }).tokens).toEqual(['a']);
  });

  test('SANDBOX_TOKENS=dev-token is not "the default": it must not be printed', () => {
    expect(readConfig({ SANDBOX_TOKENS: 'dev-token' }).defaultToken).toBe(false);
  });

  test.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ SANDBOX_TOKENS: ' , ' }, /SANDBOX_TOKENS/],
    [{ SANDBOX_ARRAY_ERRORS: 'nested' }, /SANDBOX_ARRAY_ERRORS/],
    [{ ORDER_SERVICE_URL: 'ftp://x' }, /ORDER_SERVICE_URL/],
    [{ SANDBOX_DATABASE_URL: 'mysql://db/x' }, /SANDBOX_DATABASE_URL must be a postgres:\/\//],
    [{ SANDBOX_DATABASE_URL: 'postgres://db/x', SANDBOX_DB: '.data/x' }, /not both/],
    [{ SANDBOX_DATABASE_POOL: '0' }, /SANDBOX_DATABASE_POOL/],
    [{ SANDBOX_DATABASE_POOL: 'many' }, /SANDBOX_DATABASE_POOL/],
  ])('%o is refused with a message naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  test('displayUrl drops credentials and query', () => {
    expect(displayUrl('https://user:secret@svc.example/api?token=x')).toBe('https://svc.example/api');
  });
});
