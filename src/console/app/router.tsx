import type { ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { AppLoading } from './app-loading.tsx';
import { AppShellLayout, preloadTeamShellParts } from './app-shell-layout.tsx';
import { loadable } from './loadable.tsx';
import { loadTeamOrdersPage, OrdersRoute } from '../features/orders-list/orders-route.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { withPageStyles } from './page-loader.ts';
import { RouteErrorBoundary } from './route-error-page.tsx';
import { SetupGate } from './setup-gate.tsx';

// D10 routes. Pages load lazily, with the styles only pages use, so the first screen ships only
// what it shows; the orders page, where every session starts, paints its frame first (orders-route.tsx).
//
// Declarative routes (<Routes>), not a data router (createBrowserRouter): the console loads no data
// through the router, and the data router's code was a sizeable part of the first screen's bytes and
// of its main thread (docs/performance.md). What it gave is here: a page's code loads when the page is
// first shown (the shell stays, a loader shows where the page goes: loadable.tsx), and a page that
// throws shows the error page inside the shell (RouteErrorBoundary) until the user goes elsewhere.

const page = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => loadable(async () => pick(await withPageStyles(load)), AppLoading);

const CreateOrderPage = page(() => import('../features/create-order/create-order-page.tsx'), (m) => m.CreateOrderPage);
const OrderPage = page(() => import('../features/order-detail/order-page.tsx'), (m) => m.OrderPage);
const OverviewPage = page(() => import('../features/sandbox-overview/overview-page.tsx'), (m) => m.OverviewPage);
const ScenariosPage = page(() => import('../features/scenarios/scenarios-page.tsx'), (m) => m.ScenariosPage);
const FaultsPage = page(() => import('../features/faults/faults-page.tsx'), (m) => m.FaultsPage);
const BulkRefundsPage = page(() => import('../features/bulk-refunds/bulk-refunds-page.tsx'), (m) => m.BulkRefundsPage);
const ApprovalsPage = page(() => import('../features/approvals/approvals-page.tsx'), (m) => m.ApprovalsPage);
const SettingsPage = page(() => import('../features/settings/settings-page.tsx'), (m) => m.SettingsPage);
// Team mode (D16): the server answers it to admins only; the navigation shows it to them (AppShellLayout).
const AuditPage = page(() => import('../features/audit/audit-page.tsx'), (m) => m.AuditPage);
const UsersPage = page(() => import('../features/users/users-page.tsx'), (m) => m.UsersPage);
// Team mode: the signed-in person's own account (docs/accounts.md).
const AccountPage = page(() => import('../features/account/account-page.tsx'), (m) => m.AccountPage);

/**
 * The code a page the console server renders in team mode needs: loaded before the server
 * renders it and before the browser hydrates it, so both render the page, not its loader.
 */
export async function preloadServerRenderedPage(pathname: string): Promise<void> {
  const page = pathname === '/orders' ? loadTeamOrdersPage() : /^\/orders\/[^/]+$/.test(pathname) && pathname !== '/orders/new' ? OrderPage.preload() : null;
  // The shell's team parts too (the header's account and approvals, the burger with its count).
  await Promise.all([page, preloadTeamShellParts()]);
}

/** Where a page goes inside the shell, with its error boundary. */
function PageOutlet() {
  return (
    <RouteErrorBoundary>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** Every page of the console, under the shell; the same tree in the browser, the pre-render and the tests. */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        {/* An account with something to do first (docs/accounts.md) sees only that, whatever the path. */}
        <Route element={<SetupGate />}>
          <Route element={<AppShellLayout />}>
            <Route index element={<Navigate to="/orders" replace />} />
            <Route element={<PageOutlet />}>
              {/* The landing page: its frame is in the first bundle and paints at once, its body loads lazily. */}
              <Route path="orders" element={<OrdersRoute />} />
              <Route path="orders/new" element={<CreateOrderPage />} />
              <Route path="orders/:orderId" element={<OrderPage />} />
              <Route path="refunds/bulk" element={<BulkRefundsPage />} />
              <Route path="overview" element={<OverviewPage />} />
              <Route path="scenarios" element={<ScenariosPage />} />
              <Route path="faults" element={<FaultsPage />} />
              <Route path="settings" element={<SettingsPage />} />
              <Route path="approvals" element={<ApprovalsPage />} />
              <Route path="audit" element={<AuditPage />} />
              <Route path="users" element={<UsersPage />} />
              <Route path="account" element={<AccountPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
