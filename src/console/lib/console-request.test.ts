import type { JsonBodyType } from 'msw';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { apiErrorOf } from '../test/api-error-of.ts';
import { CONSOLE_ORIGIN, server } from '../test/msw-server.ts';
import { BACKGROUND_HEADER } from '../../contract/session.ts';
import { apiRequest, consoleRequest } from './api-client.ts';
import type { ApiError } from './api-error.ts';
import { DEFAULT_ENVIRONMENT_ID, getActiveEnvironment, setToken } from './environments.ts';
import { journal } from './journal.ts';
import { sessionActivity } from './session-activity.ts';

// The console's own routes (team mode, D16) through the one client: this site, no token, the answer
// parsed by its schema, and every failure an ApiError the query client's error handling reads. A
// refusal reads as the server wrote it: its detail, or each field's messages of a validation body.

const THING = `${CONSOLE_ORIGIN}/api/thing`;

function refuse(body: JsonBodyType, status: number): Promise<ApiError> {
  server.use(http.post(THING, () => HttpResponse.json(body, { status })));
  return apiErrorOf(consoleRequest(z.unknown(), { method: 'POST', path: '/api/thing', body: {} }));
}

describe('consoleRequest', () => {
  test('goes to this site with JSON and no token, even where the environment has one', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, 'tok-never-to-the-console');
    const seen: Request[] = [];
    server.use(
      http.patch(THING, ({ request }) => {
        seen.push(request.clone());
        return HttpResponse.json({ ok: true });
      }),
    );
    const answer = await consoleRequest(z.object({ ok: z.boolean() }), { method: 'PATCH', path: '/api/thing', query: { q: 'a b', empty: '' }, body: { status: 'disabled' } });
    expect(answer).toEqual({ status: 200, data: { ok: true } });
    expect(seen[0]?.url).toBe(`${THING}?q=a+b`);
    expect(seen[0]?.headers.get('authorization')).toBeNull();
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]?.json()).toEqual({ status: 'disabled' });
  });

  test('a detail is the message, and the body stays on the error', async () => {
    const error = await refuse({ detail: 'This plan was sent already.', code: 'duplicate_plan', bulk_run_id: 'run-1' }, 409);
    expect(error.message).toBe('This plan was sent already.');
    expect(error).toMatchObject({ server: 'console', kind: 'http', status: 409, code: 'duplicate_plan' });
    expect(error.body).toEqual({ detail: 'This plan was sent already.', code: 'duplicate_plan', bulk_run_id: 'run-1' });
  });

  test("a validation body's fields are the message; a body with no words names the status", async () => {
    expect((await refuse({ plan: { total: ['Does not match the rows (50.00).'] }, confirmation: ['Type the total.'] }, 400)).message).toBe('plan.total: Does not match the rows (50.00). confirmation: Type the total.');
    expect((await refuse({}, 400)).message).toBe('The console answered HTTP 400.');
  });

  test('a session that ended is told apart from a refused token and from a refused role', async () => {
    const ended = await refuse({ detail: 'You are signed out.', code: 'session_ended' }, 401);
    expect(ended.isSessionEnded).toBe(true);
    expect(ended.isAuth).toBe(false);
    // Someone else's request to approve: not a credential problem, signing in again changes nothing.
    const own = await refuse({ detail: 'You asked for this refund, so someone else must approve it.', code: 'own_request' }, 403);
    expect(own.isAuth).toBe(false);
    expect(own.isSessionEnded).toBe(false);
  });

  test('an answer that does not match its schema is an ApiError naming what did not match', async () => {
    server.use(http.get(THING, () => HttpResponse.json({ waiting: '3' })));
    const error = await apiErrorOf(consoleRequest(z.object({ waiting: z.number().int() }), { method: 'GET', path: '/api/thing' }));
    expect(error).toMatchObject({ server: 'console', status: 200, outcomeUnknown: true });
    expect(error.message).toMatch(/does not have the shape this page expects \(GET \/api\/thing\): waiting: /);
  });

  test('an unreachable console says so', async () => {
    server.use(http.get(THING, () => HttpResponse.error()));
    const error = await apiErrorOf(consoleRequest(z.unknown(), { method: 'GET', path: '/api/thing' }));
    expect(error).toMatchObject({ kind: 'network', server: 'console', outcomeUnknown: true });
    expect(error.message).toBe(`The console's server could not be reached (GET ${THING}).`);
  });

  test('kept out of the journal unless the call is about an environment', async () => {
    server.use(http.post(THING, () => HttpResponse.json({ ok: true })));
    const before = journal.getSnapshot().length;
    await consoleRequest(z.unknown(), { method: 'POST', path: '/api/thing', body: { password: 'not for the journal' } });
    expect(journal.getSnapshot().length).toBe(before);
    await consoleRequest(z.unknown(), { method: 'POST', path: '/api/thing', body: { amount: '1.00' }, journalAs: getActiveEnvironment() });
    expect(journal.getSnapshot()[0]).toMatchObject({ method: 'POST', path: '/api/thing', environmentId: DEFAULT_ENVIRONMENT_ID, status: 200, requestBody: '{"amount":"1.00"}' });
  });
});

describe('the idle clock (contract/session.ts)', () => {
  test('a background read says so and is not noted as the person’s; any other request is', async () => {
    const seen: Request[] = [];
    server.use(
      http.get(THING, ({ request }) => {
        seen.push(request.clone());
        return HttpResponse.json({ ok: true });
      }),
    );
    const before = sessionActivity.last();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await consoleRequest(z.unknown(), { method: 'GET', path: '/api/thing', background: true });
    expect(seen[0]?.headers.get(BACKGROUND_HEADER)).toBe('1');
    expect(sessionActivity.last()).toBe(before);
    await consoleRequest(z.unknown(), { method: 'GET', path: '/api/thing' });
    expect(seen[1]?.headers.get(BACKGROUND_HEADER)).toBeNull();
    expect(sessionActivity.last()).toBeGreaterThan(before);
  });

  test('a service of another site (personal mode) never gets the header: it would ask for a CORS preflight', async () => {
    const seen: Request[] = [];
    server.use(
      http.get('https://orders.example.com/psp/v2/order/x/', ({ request }) => {
        seen.push(request.clone());
        return HttpResponse.json({});
      }),
    );
    await apiRequest({ ...getActiveEnvironment(), baseUrl: 'https://orders.example.com' }, { method: 'GET', path: '/psp/v2/order/x/', background: true });
    expect(seen[0]?.headers.get(BACKGROUND_HEADER)).toBeNull();
  });
});
