import { describe, expect, test } from 'vitest';
import type { SandboxPlacement } from './config.ts';
import { readSandboxConfig, SandboxConfigError } from './config.ts';

// What `openssl rand -hex 24` prints.
const STRONG_A = '3f9c1e7a52d04b8e96a1c3d5f7e9024b6d8f0a1c3e5f7a9b';
const STRONG_B = 'a0b1c2d3e4f5061728394a5b6c7d8e9f00112233445566ab';

const LOOPBACK: SandboxPlacement = { exposedHost: undefined, proxied: false };
const EXPOSED: SandboxPlacement = { exposedHost: '0.0.0.0', proxied: false };
const EXPOSED_PROXIED: SandboxPlacement = { exposedHost: '0.0.0.0', proxied: true };

describe('readSandboxConfig', () => {
  test('defaults (D8)', () => {
    expect(readSandboxConfig({}, LOOPBACK)).toEqual({ db: '.data/sandbox', poolSize: 10, tokens: ['dev-token'], defaultToken: true, arrayErrors: 'list' });
  });

  test('every variable', () => {
    expect(readSandboxConfig({ SANDBOX_DB: ':memory:', SANDBOX_TOKENS: ' a , b,,', SANDBOX_ARRAY_ERRORS: 'index' }, LOOPBACK)).toEqual({
      db: ':memory:',
      poolSize: 10,
      tokens: ['a', 'b'],
      defaultToken: false,
      arrayErrors: 'index',
    });
  });

  test('D15: SANDBOX_DATABASE_URL puts the store on a PostgreSQL server, with SANDBOX_DATABASE_POOL connections', () => {
    const config = readSandboxConfig({ SANDBOX_DATABASE_URL: ' postgresql://sandbox:pw@db.internal:5432/sandbox ', SANDBOX_DATABASE_POOL: '4' }, LOOPBACK);
    expect(config).toMatchObject({ db: 'postgresql://sandbox:pw@db.internal:5432/sandbox', poolSize: 4 });
  });

  test('beyond loopback only with tokens of your own; behind a proxy the tokens are not the sandbox\'s', () => {
    expect(() => readSandboxConfig({}, EXPOSED)).toThrow(/HOST=0\.0\.0\.0 listens beyond this machine: set SANDBOX_TOKENS/);
    expect(readSandboxConfig({ SANDBOX_TOKENS: `${STRONG_A},${STRONG_B}` }, EXPOSED).tokens).toEqual([STRONG_A, STRONG_B]);
    expect(readSandboxConfig({}, EXPOSED_PROXIED).tokens).toEqual(['dev-token']);
  });

  test('beyond loopback every token is long and random: one clear line with a generator otherwise', () => {
    for (const weak of ['a', 'token-for-jana', 'x'.repeat(40), `${STRONG_A},short`]) {
      expect(() => readSandboxConfig({ SANDBOX_TOKENS: weak }, EXPOSED), weak).toThrow(/every SANDBOX_TOKENS token must be at least 32 random characters .*openssl rand -hex 24/);
    }
    // On loopback a short token is the developer's own business; behind a proxy they are the real service's.
    expect(readSandboxConfig({ SANDBOX_TOKENS: 'a' }, LOOPBACK).tokens).toEqual(['a']);
    expect(readSandboxConfig({ SANDBOX_TOKENS: 'a' }, EXPOSED_PROXIED).tokens).toEqual(['a']);
  });

  test('SANDBOX_TOKENS=dev-token is not "the default": it must not be printed', () => {
    expect(readSandboxConfig({ SANDBOX_TOKENS: 'dev-token' }, LOOPBACK).defaultToken).toBe(false);
  });

  test.each([
    [{ SANDBOX_TOKENS: ' , ' }, /SANDBOX_TOKENS/],
    [{ SANDBOX_ARRAY_ERRORS: 'nested' }, /SANDBOX_ARRAY_ERRORS/],
    [{ SANDBOX_DATABASE_URL: 'mysql://db/x' }, /SANDBOX_DATABASE_URL must be a postgres:\/\//],
    [{ SANDBOX_DATABASE_URL: 'postgres://db/x', SANDBOX_DB: '.data/x' }, /not both/],
    [{ SANDBOX_DATABASE_POOL: '0' }, /SANDBOX_DATABASE_POOL/],
    [{ SANDBOX_DATABASE_POOL: 'many' }, /SANDBOX_DATABASE_POOL/],
  ])('%o is refused with a message naming the variable', (env, message) => {
    expect(() => readSandboxConfig(env, LOOPBACK)).toThrow(SandboxConfigError);
    expect(() => readSandboxConfig(env, LOOPBACK)).toThrow(message);
  });
});
