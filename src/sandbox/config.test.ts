import { describe, expect, test } from 'vitest';
import { ConfigError, displayUrl, readConfig } from './config.ts';

describe('readConfig', () => {
  test('defaults (D8)', () => {
    expect(readConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      db: '.data/sandbox',
      tokens: ['dev-token'],
      defaultToken: true,
      arrayErrors: 'list',
      orderServiceUrl: undefined,
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
      }),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      db: ':memory:',
      tokens: ['a', 'b'],
      defaultToken: false,
      arrayErrors: 'index',
      orderServiceUrl: 'https://svc.example/api',
    });
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
  ])('%o is refused with a message naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });

  test('displayUrl drops credentials and query', () => {
    expect(displayUrl('https://user:secret@svc.example/api?token=x')).toBe('https://svc.example/api');
  });
});
