import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { handleAuthError } from '../app/auth-notice.tsx';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { AppRoutes } from '../app/router.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** The app's query client rules (retry policy, 401 notice), with no delay between retries. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient(handleAuthError);
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retryDelay: 0, staleTime: 0 },
  });
  return client;
}

function Providers({ client, children }: { client: QueryClient; children: ReactElement }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders the whole app (shell, lazy pages) at `route`, as a user would open it. */
export function renderApp(route: string, options: { queryClient?: QueryClient } = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  // The app's routes are declarative (<Routes>); a memory data router around them lets a test read
  // and change the address (router.state.location, router.navigate).
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [route] });
  const user = userEvent.setup();
  const result = render(
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, router, queryClient };
}

/** Notifications inside the router, as the app shell has them: a notice may hold a <Link>. */
function WithNotifications() {
  return (
    <>
      <Outlet />
      <Notifications />
    </>
  );
}

/** Renders one element under a route pattern (e.g. path '/orders/:orderId', route '/orders/abc'). */
export function renderRoute(element: ReactElement, options: { path?: string; route?: string; queryClient?: QueryClient; extraRoutes?: RouteObject[] } = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter(
    [{ element: <WithNotifications />, children: [{ path: options.path ?? '/', element }, ...(options.extraRoutes ?? []), { path: '*', element: <p>Elsewhere</p> }] }],
    { initialEntries: [options.route ?? options.path ?? '/'] },
  );
  const user = userEvent.setup();
  const result = render(
    <Providers client={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, router, queryClient };
}
