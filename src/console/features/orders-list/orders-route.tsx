import { Center, Loader } from '@mantine/core';
import { loadable } from '../../app/loadable.tsx';
import { withPageStyles } from '../../app/page-loader.ts';
import { OrdersLayout } from './orders-layout.tsx';

// /orders, the page every session opens on: the frame comes with the first screen and the rest
// (open by id, the list, their styles) loads beside it, instead of the whole page waiting for it.

function OrdersLoading() {
  return (
    <Center mih={160}>
      <Loader size="sm" role="status" aria-label="Loading the orders" />
    </Center>
  );
}

const OrdersPageBody = loadable(async () => (await withPageStyles(() => import('./orders-page.tsx'))).OrdersPageBody, OrdersLoading);

/** Starts loading the page's body (its code, zod, its styles); main.tsx calls it before hydrating /orders (issue 17). */
export const loadOrdersPageBody = OrdersPageBody.preload;

export function OrdersRoute() {
  return (
    <OrdersLayout>
      <OrdersPageBody />
    </OrdersLayout>
  );
}
