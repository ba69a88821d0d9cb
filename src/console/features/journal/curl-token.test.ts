import { describe, expect, test } from 'vitest';
import type { Environment } from '../../lib/environments.ts';
import type { JournalEntry } from '../../lib/journal.ts';
import { curlTokenFor } from './curl-token.ts';

// "Copy as curl" with "Include token" finds the token by the environment's stable id.

const environment = (id: string, name: string, production = false): Environment => ({ id, name, baseUrl: '', production, sandbox: !production, rememberToken: false });
const tokens = new Map([['env-staging', 'staging-token'], ['env-production', 'production-token']]);
const tokenOf = (id: string) => tokens.get(id) ?? '';

const entry = (environmentName: string, environmentId?: string): JournalEntry => ({
  id: 1,
  startedAt: '2026-11-25T10:00:00.000Z',
  method: 'GET',
  url: 'https://staging.example/psp/v2/order/x/',
  path: '/psp/v2/order/x/',
  environmentName,
  ...(environmentId !== undefined && { environmentId }),
  requestHeaders: {},
  status: 200,
  durationMs: 1,
  requestBody: null,
  responseBody: null,
  error: null,
});

describe('the token a copied curl command may carry', () => {
  test('a call to a renamed staging environment gets the staging token, never production\'s (active, or now named "Staging")', () => {
    const environments = [environment('env-staging', 'Staging (old)'), environment('env-production', 'Staging', true)];
    expect(curlTokenFor(entry('Staging', 'env-staging'), environments, tokenOf)).toBe('staging-token');
  });

  test('no token when the environment is gone, or the entry predates the id', () => {
    const environments = [environment('env-production', 'Staging', true)];
    expect(curlTokenFor(entry('Staging', 'env-staging'), environments, tokenOf)).toBeNull();
    expect(curlTokenFor(entry('Staging'), environments, tokenOf)).toBeNull();
  });

  test('no token when its environment has none set', () => {
    expect(curlTokenFor(entry('Other', 'env-other'), [environment('env-other', 'Other')], tokenOf)).toBeNull();
  });
});
