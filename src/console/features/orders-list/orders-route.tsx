import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { withPageStyles } from '../../app/page-loader.ts';
import { OrdersLayout } from './orders-layout.tsx';

// /orders, the page every session opens on: the frame comes with the first screen and the rest
// (open by id, the list, their styles) loads beside it, instead of the whole page waiting for it.
const load = () => withPageStyles(() => import('./orders-page.tsx'));
let bodyModule: ReturnType<typeof load> | null = null;

/** Starts loading the page's body (its code, zod, its styles); main.tsx calls it before hydrating /orders (issue 17). */
export function loadOrdersPageBody() {
  bodyModule ??= load();
  return bodyModule;
}

const OrdersPageBody = lazy(async () => ({ default: (await loadOrdersPageBody()).OrdersPageBody }));

export function OrdersRoute() {
  return (
    <OrdersLayout>
      <Suspense
        fallback={
          <Center mih={160}>
            <Loader size="sm" role="status" aria-label="Loading the orders" />
          </Center>
        }
      >
        <OrdersPageBody />
      </Suspense>
    </OrdersLayout>
  );
}
