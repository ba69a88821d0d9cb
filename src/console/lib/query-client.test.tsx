import { notifications } from '@mantine/notifications';
import { useMutation, useQueries } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { CONSOLE_ORIGIN, server } from '../test/msw-server.ts';
import { renderRoute } from '../test/render.tsx';
import { apiRequest } from './api-client.ts';
import { DEFAULT_ENVIRONMENT_ID, setToken } from './environments.ts';
import { useActiveEnvironment } from './use-environment.ts';

/** Runs one query per path, as pages do, and shows each query's state. */
function Queries({ paths }: { paths: string[] }) {
  const environment = useActiveEnvironment();
  const results = useQueries({
    queries: paths.map((path) => ({ queryKey: ['probe', path], queryFn: () => apiRequest(environment, { method: 'GET', path }) })),
  });
  return (
    <ul>
      {results.map((result, i) => (
        <li key={paths[i]}>{`${paths[i]}: ${result.status}`}</li>
      ))}
    </ul>
  );
}

function Mutation({ path }: { path: string }) {
  const environment = useActiveEnvironment();
  const mutation = useMutation({ mutationFn: () => apiRequest(environment, { method: 'POST', path, body: {} }) });
  return (
    <>
      <button type="button" onClick={() => mutation.mutate()}>
        Send
      </button>
      <p>{`mutation: ${mutation.status}`}</p>
    </>
  );
}

const settingsRoute = [{ path: '/settings', element: <h1>Settings here</h1> }];

/** Answers one path with `respond` and counts the requests. */
function counted(method: 'get' | 'post', path: string, respond: () => Response) {
  const calls = { count: 0 };
  server.use(
    http[method](`${CONSOLE_ORIGIN}${path}`, () => {
      calls.count += 1;
      return respond();
    }),
  );
  return calls;
}

// The notifications store outlives a test (test/setup.ts does not clean it): start each test empty.
beforeEach(() => notifications.clean());

const orderPath = () => `/psp/v2/order/${crypto.randomUUID()}/`;

describe('the 401 notice', () => {
  test('several queries rejected by the real sandbox show one notice, linking to Settings', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, 'expired-token');
    const paths = [orderPath(), orderPath(), orderPath()];
    const { user, router } = renderRoute(<Queries paths={paths} />, { extraRoutes: settingsRoute });

    for (const path of paths) expect(await screen.findByText(`${path}: error`)).toBeInTheDocument();
    expect(screen.getAllByText('Token rejected')).toHaveLength(1);
    expect(screen.getByText(/invalid token\./i)).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Open Settings' }));
    expect(router.state.location.pathname).toBe('/settings');
    await waitFor(() => expect(screen.queryByText('Token rejected')).toBeNull());
  });

  test('a 403 shows it too', async () => {
    counted('get', '/psp/v2/order/forbidden/', () => HttpResponse.json({ detail: 'You do not have permission to perform this action.' }, { status: 403 }));
    renderRoute(<Queries paths={['/psp/v2/order/forbidden/']} />);
    expect(await screen.findByText('Token rejected')).toBeInTheDocument();
    expect(screen.getByText(/you do not have permission/i)).toBeInTheDocument();
  });

  test('other errors do not show it', async () => {
    counted('get', '/psp/v2/order/broken/', () => HttpResponse.json({ detail: 'Server error.' }, { status: 500 }));
    counted('get', '/psp/v2/order/down/', () => HttpResponse.error());
    renderRoute(<Queries paths={['/psp/v2/order/broken/', '/psp/v2/order/down/', orderPath()]} />);
    expect(await screen.findByText('/psp/v2/order/broken/: error')).toBeInTheDocument();
    expect(await screen.findByText('/psp/v2/order/down/: error')).toBeInTheDocument();
    expect(screen.queryByText('Token rejected')).toBeNull();
  });

  test('a rejected mutation shows it as well', async () => {
    setToken(DEFAULT_ENVIRONMENT_ID, 'expired-token');
    const { user } = renderRoute(<Mutation path="/psp/v2/order/" />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('mutation: error')).toBeInTheDocument();
    expect(screen.getAllByText('Token rejected')).toHaveLength(1);
  });
});

describe('retries', () => {
  test('a query retries a network failure at most twice: three requests in all', async () => {
    const calls = counted('get', '/psp/v2/order/down/', () => HttpResponse.error());
    renderRoute(<Queries paths={['/psp/v2/order/down/']} />);
    expect(await screen.findByText('/psp/v2/order/down/: error')).toBeInTheDocument();
    expect(calls.count).toBe(3);
  });

  test('a query that fails once on the network and then succeeds shows the answer', async () => {
    let count = 0;
    server.use(
      http.get(`${CONSOLE_ORIGIN}/psp/v2/order/flaky/`, () => {
        count += 1;
        return count === 1 ? HttpResponse.error() : HttpResponse.json({ ok: true });
      }),
    );
    renderRoute(<Queries paths={['/psp/v2/order/flaky/']} />);
    expect(await screen.findByText('/psp/v2/order/flaky/: success')).toBeInTheDocument();
    expect(count).toBe(2);
  });

  test.each([
    [400, { amount: ['Too big.'] }],
    [401, { detail: 'Invalid token.' }],
    [404, { detail: 'Not found.' }],
    [409, { detail: 'Order is new.', code: 'invalid_status' }],
    [500, { detail: 'Server error.' }],
    [503, { detail: 'Unavailable.' }],
  ])('a query answered %i is not retried', async (status, body) => {
    const calls = counted('get', '/psp/v2/order/answered/', () => HttpResponse.json(body, { status }));
    renderRoute(<Queries paths={['/psp/v2/order/answered/']} />);
    expect(await screen.findByText('/psp/v2/order/answered/: error')).toBeInTheDocument();
    expect(calls.count).toBe(1);
  });

  test.each([
    ['a network failure', () => HttpResponse.error()],
    ['a 503', () => HttpResponse.json({ detail: 'Unavailable.' }, { status: 503 })],
  ])('a mutation is never retried, even after %s', async (_what, respond) => {
    const calls = counted('post', '/psp/v2/order/x/refund/', respond);
    const { user } = renderRoute(<Mutation path="/psp/v2/order/x/refund/" />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('mutation: error')).toBeInTheDocument();
    expect(calls.count).toBe(1);
  });
});
