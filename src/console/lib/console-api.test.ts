import type { JsonBodyType } from 'msw';
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { z } from 'zod';
import { callConsoleApi, ConsoleRequestError } from './console-api.ts';
import { CONSOLE_ORIGIN, server } from '../test/msw-server.ts';

// A refusal of the console's own routes reads as the server wrote it: its detail, or, for a
// validation body (a bulk plan's rows), each field's messages; the body stays on the error.

async function refusal(body: JsonBodyType, status: number): Promise<ConsoleRequestError> {
  server.use(http.post(`${CONSOLE_ORIGIN}/api/thing`, () => HttpResponse.json(body, { status })));
  const error = await callConsoleApi(z.unknown(), '/api/thing', { method: 'POST', json: {} }).catch((e: unknown) => e);
  if (!(error instanceof ConsoleRequestError)) throw new Error('expected a ConsoleRequestError');
  return error;
}

test('a detail is the message', async () => {
  const error = await refusal({ detail: 'This plan was sent already.', code: 'duplicate_plan', bulk_run_id: 'run-1' }, 409);
  expect(error.message).toBe('This plan was sent already.');
  expect(error.status).toBe(409);
  expect(error.data).toEqual({ detail: 'This plan was sent already.', code: 'duplicate_plan', bulk_run_id: 'run-1' });
});

test("a validation body's fields are the message", async () => {
  const error = await refusal({ plan: { total: ['Does not match the rows (50.00).'] }, confirmation: ['Type the total.'] }, 400);
  expect(error.message).toBe('plan.total: Does not match the rows (50.00). confirmation: Type the total.');
});

test('a body with no words names the status', async () => {
  expect((await refusal({}, 400)).message).toBe('The console answered HTTP 400.');
});
