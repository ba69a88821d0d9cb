import { expect, test } from 'vitest';
import { orderServicePaths } from '../../contract/paths.ts';
import { apiRequest } from '../lib/api-client.ts';
import { ApiError } from '../lib/api-error.ts';
import { getActiveEnvironment } from '../lib/environments.ts';

test('the default environment reaches the real sandbox through MSW with the dev token', async () => {
  const error = await apiRequest(getActiveEnvironment(), { method: 'GET', path: orderServicePaths.orderRead(crypto.randomUUID()) }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 404, code: 'not_found' });
});
