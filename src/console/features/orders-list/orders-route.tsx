import { Center, Loader } from '@mantine/core';
import { loadable } from '../../app/loadable.tsx';
import { withPageStyles } from '../../app/page-loader.ts';
import { OrdersLayout } from './orders-layout.tsx';

// /orders, the page every session opens on: the frame comes with the first screen and the rest
// (open by id, the list, their styles) loads beside it, instead of the whole page waiting for it.

export function OrdersLoading() {
  return (
    <Center mih={160}>
      <Loader size="sm" role="status" aria-label="Loading the orders" />
    </Center>
  );
}

const OrdersPageBody = loadable(async () => (await withPageStyles(() => import('./orders-page.tsx'))).OrdersPageBody, OrdersLoading);

/** Starts loading the page's body (its code, its styles); main.tsx calls it before hydrating /orders. */
export const loadOrdersPageBody = OrdersPageBody.preload;

/** Team mode's /orders: the body and the team index it shows (app/router.tsx, preloadServerRenderedPage). */
export async function loadTeamOrdersPage(): Promise<void> {
  const [page] = await Promise.all([import('./orders-page.tsx'), loadOrdersPageBody()]);
  await page.loadTeamIndexOrders();
}

export function OrdersRoute() {
  return (
    <OrdersLayout>
      <OrdersPageBody />
    </OrdersLayout>
  );
}
