import { delay, http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import type { Environment } from '../../lib/environments.ts';
import { DEFAULT_ENVIRONMENT_ID, environmentStore, getActiveEnvironment, setToken } from '../../lib/environments.ts';
import { CONSOLE_ORIGIN, server } from '../../test/msw-server.ts';
import { testConnection } from './connection-test.ts';

const ORDER_READ = `${CONSOLE_ORIGIN}/psp/v2/order/:orderId/`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function answer(respond: () => Response | Promise<Response>) {
  server.use(http.get(ORDER_READ, respond));
}

describe('testConnection', () => {
  test('real sandbox, right token: a 404 for a made-up order means connected and accepted', async () => {
    const result = await testConnection(getActiveEnvironment());
    expect(result).toMatchObject({ kind: 'accepted', status: 404 });
    expect(result.url).toMatch(new RegExp(`^${CONSOLE_ORIGIN}/psp/v2/order/[0-9a-f-]{36}/$`));
  });

  test('real sandbox, wrong token: rejected with the service’s detail text', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, 'not-a-known-token');
    expect(await testConnection(getActiveEnvironment())).toMatchObject({ kind: 'rejected', status: 401, detail: 'Invalid token.' });
  });

  test('asks for a fresh random order id with the token in the header only', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, 'secret-abc');
    const seen: { id: string; auth: string | null; url: string }[] = [];
    server.use(
      http.get(ORDER_READ, ({ request, params }) => {
        seen.push({ id: String(params['orderId']), auth: request.headers.get('authorization'), url: request.url });
        return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      }),
    );
    await testConnection(getActiveEnvironment());
    await testConnection(getActiveEnvironment());
    expect(seen).toHaveLength(2);
    for (const request of seen) {
      expect(request.id).toMatch(UUID);
      expect(request.auth).toBe('Token secret-abc');
      expect(request.url).not.toContain('secret-abc');
    }
    expect(seen[0]?.id).not.toBe(seen[1]?.id);
  });

  test('tests the environment it is given, not the active one', async () => {
    const other: Environment = { id: 'env-x', name: 'X', baseUrl: 'https://x.example.test', production: false, sandbox: false, rememberToken: false };
    environmentStore.save(other);
    setToken(other.id, 'x-token');
    let auth: string | null = null;
    server.use(
      http.get('https://x.example.test/psp/v2/order/:orderId/', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ id: 'whatever' });
      }),
    );
    expect(await testConnection(other)).toMatchObject({ kind: 'accepted', status: 200 });
    expect(auth).toBe('Token x-token');
  });

  test('403 counts as a rejected token', async () => {
    answer(() => HttpResponse.json({ detail: 'You do not have permission to perform this action.' }, { status: 403 }));
    expect(await testConnection(getActiveEnvironment())).toMatchObject({ kind: 'rejected', status: 403, detail: 'You do not have permission to perform this action.' });
  });

  test('a network failure (or CORS refusal) is unreachable, with the URL tried', async () => {
    answer(() => HttpResponse.error());
    const result = await testConnection(getActiveEnvironment());
    expect(result.kind).toBe('unreachable');
    expect(result.url).toContain(`${CONSOLE_ORIGIN}/psp/v2/order/`);
  });

  test('no answer in time is a timeout', async () => {
    answer(async () => {
      await delay('infinite');
      return HttpResponse.json({});
    });
    expect(await testConnection(getActiveEnvironment(), { timeoutMs: 50 })).toMatchObject({ kind: 'timeout', timeoutMs: 50 });
  });

  test('any other status: the status and the raw text', async () => {
    answer(() => new HttpResponse('<h1>502 Bad Gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    expect(await testConnection(getActiveEnvironment())).toMatchObject({ kind: 'unexpected', status: 502, text: '<h1>502 Bad Gateway</h1>', hint: null });
  });

  test('a 404 page that is not DRF, for the read and for the create, means the Order Service is not at this address', async () => {
    answer(() => new HttpResponse('<h1>Not Found</h1>', { status: 404, headers: { 'Content-Type': 'text/html' } }));
    server.use(http.post(`${CONSOLE_ORIGIN}/psp/v2/order/`, () => new HttpResponse('<h1>Not Found</h1>', { status: 404, headers: { 'Content-Type': 'text/html' } })));
    const result = await testConnection(getActiveEnvironment());
    expect(result).toMatchObject({ kind: 'unexpected', status: 404, text: '<h1>Not Found</h1>' });
    expect(result.kind === 'unexpected' ? result.hint : null).toMatch(/base URL/);
  });

  test.each([
    ['an HTML 404', () => new HttpResponse('<h1>Not Found</h1>', { status: 404, headers: { 'Content-Type': 'text/html' } }), 404],
    ['a DRF 405', () => HttpResponse.json({ detail: 'Method "GET" not allowed.' }, { status: 405 }), 405],
  ])('a service without a read (%s) whose create refuses an empty body is connected, not a wrong base URL', async (_label, respond, status) => {
    answer(respond);
    const created: string[] = [];
    server.events.on('response:mocked', ({ request, response }) => {
      if (request.method === 'POST') created.push(String(response.status));
    });
    const result = await testConnection(getActiveEnvironment());
    server.events.removeAllListeners();
    expect(result).toMatchObject({ kind: 'no-read', readStatus: status, createStatus: 400 });
    expect(created).toEqual(['400']);
  });

  test('a 200 that is not JSON (a website) is not a connection', async () => {
    answer(() => new HttpResponse('<!doctype html><title>Shop</title>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    expect(await testConnection(getActiveEnvironment())).toMatchObject({ kind: 'unexpected', status: 200, text: '<!doctype html><title>Shop</title>' });
  });
});
