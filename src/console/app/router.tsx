import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppLoading } from './app-loading.tsx';
import { AppShellLayout } from './app-shell-layout.tsx';
import { OrdersRoute } from '../features/orders-list/orders-route.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { withPageStyles } from './page-loader.ts';
import { RouteErrorPage } from './route-error-page.tsx';

// D10 routes. Pages load lazily, with the styles only pages use, so the first screen ships only
// what it shows; the orders page, where every session starts, paints its frame first (orders-route.tsx).
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShellLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      { index: true, element: <Navigate to="/orders" replace /> },
      {
        errorElement: <RouteErrorPage />,
        children: [
          // The landing page: its frame is in the first bundle and paints at once, its body loads lazily.
          { path: 'orders', element: <OrdersRoute /> },
          {
            path: 'orders/new',
            lazy: async () => ({
              Component: (await withPageStyles(() => import('../features/create-order/create-order-page.tsx'))).CreateOrderPage,
            }),
          },
          {
            path: 'orders/:orderId',
            lazy: async () => ({ Component: (await withPageStyles(() => import('../features/order-detail/order-page.tsx'))).OrderPage }),
          },
          {
            path: 'overview',
            lazy: async () => ({ Component: (await withPageStyles(() => import('../features/sandbox-overview/overview-page.tsx'))).OverviewPage }),
          },
          {
            path: 'scenarios',
            lazy: async () => ({ Component: (await withPageStyles(() => import('../features/scenarios/scenarios-page.tsx'))).ScenariosPage }),
          },
          {
            path: 'faults',
            lazy: async () => ({ Component: (await withPageStyles(() => import('../features/faults/faults-page.tsx'))).FaultsPage }),
          },
          {
            path: 'settings',
            lazy: async () => ({ Component: (await withPageStyles(() => import('../features/settings/settings-page.tsx'))).SettingsPage }),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
