import { delay, http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { orderSchema } from '../../contract/schemas.ts';
import { validOrder } from '../../contract/test-support.ts';
import { apiErrorOf } from '../test/api-error-of.ts';
import { CONSOLE_ORIGIN, server } from '../test/msw-server.ts';
import { apiRequest, checkAgainst, serviceUrl } from './api-client.ts';
import { ApiError } from './api-error.ts';
import type { Environment } from './environments.ts';
import { DEFAULT_ENVIRONMENT_ID, environmentStore, getActiveEnvironment, setToken } from './environments.ts';
import { journal } from './journal.ts';

const SECRET = 'tok-3f9a1c77e2b04d5d';
const PSP = `${CONSOLE_ORIGIN}/psp/v2`;

function environment(): Environment {
  return getActiveEnvironment();
}

/** Answers every /psp/ call with `respond` and keeps each request for inspection. */
function capture(respond: () => Response | Promise<Response> = () => HttpResponse.json({ ok: true })) {
  const requests: Request[] = [];
  server.use(
    http.all(`${PSP}/*`, async ({ request }) => {
      requests.push(request.clone());
      return respond();
    }),
  );
  return requests;
}

describe('apiRequest', () => {
  test('sends the environment token in the Authorization header on every request, never in the URL', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, SECRET);
    const requests = capture();
    await apiRequest(environment(), { method: 'GET', path: '/psp/v2/order/abc/', query: { q: 'x' } });
    await apiRequest(environment(), { method: 'POST', path: '/psp/v2/order/', body: { a: 1 } });
    await apiRequest(environment(), { method: 'POST', path: '/psp/v2/order/abc/refund/', body: {} });

    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(request.headers.get('authorization')).toBe(`Token ${SECRET}`);
      expect(request.url).not.toContain(SECRET);
    }
  });

  test('the default environment sends the development token', async () => {
    const requests = capture();
    await apiRequest(environment(), { method: 'GET', path: '/psp/v2/order/abc/' });
    expect(requests[0]?.headers.get('authorization')).toBe('Token dev-token');
  });

  test('another environment sends its own token to its own base URL', async () => {
    const other: Environment = { id: 'env-other', name: 'Other', baseUrl: 'https://orders.example.test/base/', production: false, sandbox: false, rememberToken: false };
    environmentStore.save(other);
    setToken(other.id, 'other-secret');
    const requests: Request[] = [];
    server.use(
      http.get('https://orders.example.test/base/psp/v2/order/x/', ({ request }) => {
        requests.push(request);
        return HttpResponse.json({});
      }),
    );
    await apiRequest(other, { method: 'GET', path: '/psp/v2/order/x/' });
    expect(requests[0]?.headers.get('authorization')).toBe('Token other-secret');
  });

  test('sends a body as JSON with its content type, and a GET without either', async () => {
    const requests = capture();
    const body = { order_data: { amount: '120.50' }, items: [{ quantity: 2 }], note: 'Příliš žluťoučký' };
    await apiRequest(environment(), { method: 'POST', path: '/psp/v2/order/', body });
    await apiRequest(environment(), { method: 'GET', path: '/psp/v2/order/abc/' });

    const [post, get] = requests;
    expect(post?.headers.get('content-type')).toBe('application/json');
    expect(await post?.json()).toEqual(body);
    expect(get?.headers.get('content-type')).toBeNull();
    expect(await get?.text()).toBe('');
    expect(get?.headers.get('accept')).toBe('application/json');
  });

  test('returns the status and the parsed JSON answer; an empty answer is null', async () => {
    server.use(
      http.get(`${PSP}/order/one/`, () => HttpResponse.json({ id: 'one', amount: '1.10' }, { status: 200 })),
      http.post(`${PSP}/order/`, () => new HttpResponse(null, { status: 204 })),
    );
    await expect(apiRequest(environment(), { method: 'GET', path: '/psp/v2/order/one/' })).resolves.toEqual({ status: 200, data: { id: 'one', amount: '1.10' } });
    await expect(apiRequest(environment(), { method: 'POST', path: '/psp/v2/order/', body: {} })).resolves.toEqual({ status: 204, data: null });
  });

  test('a service that does not answer in time fails with kind "timeout"', async () => {
    capture(async () => {
      await delay('infinite');
      return HttpResponse.json({});
    });
    const error = await apiErrorOf(apiRequest(environment(), { method: 'GET', path: '/psp/v2/order/slow/', timeoutMs: 50 }));
    expect(error.kind).toBe('timeout');
    expect(error.outcomeUnknown).toBe(true);
    expect(error.url).toBe(`${PSP}/order/slow/`);
    expect(journal.getSnapshot()[0]?.error).toMatch(/no answer within 0.05 s/i);
  });

  test('a network failure fails with kind "network" and names the URL', async () => {
    capture(() => HttpResponse.error());
    const error = await apiErrorOf(apiRequest(environment(), { method: 'POST', path: '/psp/v2/order/', body: {} }));
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
    expect(error.outcomeUnknown).toBe(true);
    expect(error.message).toContain(`POST ${PSP}/order/`);
  });

  test('a caller that cancels gets its abort back, not an ApiError', async () => {
    capture(async () => {
      await delay('infinite');
      return HttpResponse.json({});
    });
    const controller = new AbortController();
    const pending = apiRequest(environment(), { method: 'GET', path: '/psp/v2/order/x/', signal: controller.signal });
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(journal.getSnapshot()[0]?.error).toBe('Cancelled');
  });

  test('an HTML error page (a proxy 502) becomes an ApiError with its status and raw text', async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>';
    capture(() => new HttpResponse(page, { status: 502, headers: { 'Content-Type': 'text/html' } }));
    const error = await apiErrorOf(apiRequest(environment(), { method: 'GET', path: '/psp/v2/order/x/' }));
    expect(error).toMatchObject({ kind: 'http', status: 502, rawText: page, detail: undefined, fieldErrors: [] });
    expect(error.outcomeUnknown).toBe(true);
    expect(error.message).toContain('502 Bad Gateway');
  });

  test('a 2xx answer that is not JSON is an error, with the text kept', async () => {
    const page = '<!doctype html><title>Shop</title>';
    capture(() => new HttpResponse(page, { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await apiErrorOf(apiRequest(environment(), { method: 'GET', path: '/psp/v2/order/x/' }));
    expect(error).toMatchObject({ kind: 'http', status: 200, rawText: page });
    expect(error.detail).toMatch(/not JSON/);
    // The service did act: callers must find out what happened rather than treat it as refused.
    expect(error.outcomeUnknown).toBe(true);
  });

  test('an error answer from the real sandbox is read as DRF: 404 with detail and code', async () => {
    const error = await apiErrorOf(apiRequest(environment(), { method: 'GET', path: `/psp/v2/order/${crypto.randomUUID()}/` }));
    expect(error).toMatchObject({ kind: 'http', status: 404, code: 'not_found' });
    expect(error.detail).toBeTruthy();
    expect(error.isAuth).toBe(false);
  });

  test('a wrong token against the real sandbox is a 401 auth error with the detail text', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, 'wrong-token');
    const error = await apiErrorOf(apiRequest(environment(), { method: 'GET', path: `/psp/v2/order/${crypto.randomUUID()}/` }));
    expect(error.status).toBe(401);
    expect(error.isAuth).toBe(true);
    expect(error.detail).toMatch(/token/i);
  });

  test('never retries: one request per call, whatever went wrong', async () => {
    for (const respond of [() => HttpResponse.error(), () => HttpResponse.json({ detail: 'boom' }, { status: 500 }), () => HttpResponse.json({ detail: 'x' }, { status: 503 })]) {
      server.resetHandlers();
      const requests = capture(respond);
      await apiErrorOf(apiRequest(environment(), { method: 'POST', path: '/psp/v2/order/x/refund/', body: { amount: '1.00' } }));
      expect(requests).toHaveLength(1);
    }
  });

  test('records each call in the journal, newest first, and no field of any entry holds the token', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, SECRET);
    server.use(
      http.post(`${PSP}/order/`, ({ request }) => HttpResponse.json({ echoedAuth: request.headers.get('authorization') === `Token ${SECRET}` }, { status: 201 })),
      http.get(`${PSP}/order/gone/`, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })),
      http.get(`${PSP}/order/down/`, () => HttpResponse.error()),
    );
    await apiRequest(environment(), { method: 'POST', path: '/psp/v2/order/', body: { order_external_id: 'A-1' } });
    await apiRequest(environment(), { method: 'GET', path: '/psp/v2/order/gone/' }).catch(() => undefined);
    await apiRequest(environment(), { method: 'GET', path: '/psp/v2/order/down/' }).catch(() => undefined);

    const entries = journal.getSnapshot();
    expect(entries.map((e) => [e.method, e.path, e.status])).toEqual([
      ['GET', '/psp/v2/order/down/', null],
      ['GET', '/psp/v2/order/gone/', 404],
      ['POST', '/psp/v2/order/', 201],
    ]);
    expect(entries[2]).toMatchObject({ requestBody: '{"order_external_id":"A-1"}', responseBody: '{"echoedAuth":true}', environmentName: 'Local sandbox' });
    expect(entries[0]?.error).toBe('Service unreachable');
    for (const entry of entries) {
      for (const value of Object.values(entry)) expect(String(value)).not.toContain(SECRET);
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('serviceUrl', () => {
  test('an empty base URL is this site; trailing slashes and empty query values are dropped', () => {
    expect(serviceUrl({ baseUrl: '' }, '/psp/v2/order/')).toBe(`${CONSOLE_ORIGIN}/psp/v2/order/`);
    expect(serviceUrl({ baseUrl: 'https://api.example.com/shop//' }, '/sandbox/orders', { limit: '20', q: '', cursor: undefined, status: 'new' })).toBe(
      'https://api.example.com/shop/sandbox/orders?limit=20&status=new',
    );
  });
});

describe('checkAgainst', () => {
  test('a documented value passes through with no mismatches', () => {
    expect(checkAgainst(orderSchema, validOrder())).toEqual({ value: validOrder(), mismatches: [] });
  });

  test('lists each mismatch by its path instead of throwing', () => {
    const checked = checkAgainst(orderSchema, { ...validOrder(), status: 'paid', initial_amount: 120.5 });
    expect(checked.value).toBeNull();
    expect(checked.mismatches).toHaveLength(2);
    expect(checked.mismatches.some((m) => m.startsWith('status: '))).toBe(true);
    expect(checked.mismatches.some((m) => m.startsWith('initial_amount: '))).toBe(true);
  });

  test('a body that is not an object is reported against the body itself', () => {
    expect(checkAgainst(z.object({ a: z.string() }), 'text').mismatches).toEqual([expect.stringMatching(/^\(body\): /)]);
  });
});

// Public/boot.js sends /orders's first list request before the app runs; apiRequest takes its
// answer when it is the request it would send, journals it as its own, and otherwise asks itself.
describe('apiRequest with a request public/boot.js already sent', () => {
  const path = '/psp/v2/order/early/';
  const early = (token: string, body: Record<string, string>, status = 200) => {
    let aborted = false;
    return {
      sent: { url: serviceUrl(environment(), path), token, response: Promise.resolve(HttpResponse.json(body, { status })), abort: () => (aborted = true) },
      aborted: () => aborted,
    };
  };

  test('the same URL and token: its answer is used, nothing is sent again, the journal has it once', async () => {
    const requests = capture();
    setToken(DEFAULT_ENVIRONMENT_ID, SECRET);
    const before = journal.getSnapshot().length;
    const { sent, aborted } = early(SECRET, { from: 'boot' });
    const response = await apiRequest(environment(), { method: 'GET', path, sent });
    expect(response.data).toEqual({ from: 'boot' });
    expect(requests).toHaveLength(0);
    expect(aborted()).toBe(false);
    expect(journal.getSnapshot().length - before).toBe(1);
  });

  test('an error answer is the same ApiError as the app’s own request would give', async () => {
    capture();
    setToken(DEFAULT_ENVIRONMENT_ID, SECRET);
    const { sent } = early(SECRET, { detail: 'Invalid token.' }, 401);
    const error = await apiErrorOf(apiRequest(environment(), { method: 'GET', path, sent }));
    expect(error.status).toBe(401);
    expect(error.isAuth).toBe(true);
  });

  test('another token than the one this call would send: it is cancelled and the call asks itself', async () => {
    const requests = capture(() => HttpResponse.json({ from: 'app' }));
    setToken(DEFAULT_ENVIRONMENT_ID, SECRET);
    const { sent, aborted } = early('some-other-token', { from: 'boot' });
    const response = await apiRequest(environment(), { method: 'GET', path, sent });
    expect(response.data).toEqual({ from: 'app' });
    expect(requests).toHaveLength(1);
    expect(aborted()).toBe(true);
  });
});
