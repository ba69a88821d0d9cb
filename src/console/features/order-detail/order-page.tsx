import { useQuery } from '@tanstack/react-query';
import type { QueryState } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemo, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { isUuid } from '../../../contract/uuid.ts';
import { isFinalStatus } from '../../../contract/states.ts';
import { useFirstContentShown } from '../../app/first-content.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Environment } from '../../lib/environments.ts';
import { useActiveEnvironment } from '../../lib/use-environment.ts';
import { orderQueries } from '../orders/api/order-queries.ts';
import { orderIndex } from '../orders/order-index.ts';
import type { ReceivedOrder } from '../orders/received-order.ts';
import { knownStatus, reviveOrder } from '../orders/received-order.ts';
import { CannotAskNotice, InvalidOrderId, OrderCannotBeAsked, OrderLoadError, OrderLoading, OrderNotFound, StaleNotice } from './order-states.tsx';
import { OrderWithSections } from './order-sections.tsx';
import { OrderView, RefreshFailedNotice } from './order-view.tsx';
import { UpdatedAgo } from './updated-ago.tsx';

// An order on its way to `activated` (a tester at the checkout page) is watched closely; an
// activated one changes only by refunds, which may come from elsewhere, so it is watched slowly.
export const MOVING_POLL_MS = 2_500;
export const ACTIVATED_POLL_MS = 10_000;

function pollInterval({ data, error }: Pick<QueryState<ReceivedOrder, Error>, 'data' | 'error'>): number | false {
  // An answer that will not change by asking again (404, 401, …) is not asked again and again.
  if (error instanceof ApiError && !error.outcomeUnknown) return false;
  // Opened fresh while the service is slow or away (a timeout, a 5xx, no answer): keep asking, as for an
  // order already on screen, so the page fills in by itself once an answer comes.
  if (data === undefined) return error instanceof ApiError ? MOVING_POLL_MS : false;
  const status = knownStatus(data.record);
  if (status === null || isFinalStatus(status)) return false;
  return status === 'activated' ? ACTIVATED_POLL_MS : MOVING_POLL_MS;
}

/** D9: a 404 or 405 for an order this browser has seen means the service cannot be asked again. */
function cannotAskAgain(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 404 || error.status === 405);
}

function OrderLoader({ environment, orderId }: { environment: Environment; orderId: string }) {
  const query = useQuery({
    ...orderQueries.detail(environment, orderId),
    refetchInterval: (q) => pollInterval(q.state),
    refetchIntervalInBackground: false,
  });
  // What this browser kept is the browser's: a page the console server rendered starts without it.
  const kept = useSyncExternalStore(orderIndex.subscribe, () => orderIndex.get(environment.id, orderId), () => undefined);
  const keptOrder = useMemo(() => (kept === undefined ? null : reviveOrder(kept)), [kept]);
  useFirstContentShown(!query.isPending || keptOrder !== null);
  const refresh = () => void query.refetch();
  const withSections = (view: ReactNode, received: ReceivedOrder, updatedAt: number) => (
    <OrderWithSections view={view} environment={environment} record={received.record} orderUpdatedAt={updatedAt} />
  );

  if (cannotAskAgain(query.error) && keptOrder !== null) {
    return withSections(
      <OrderView
        environment={environment}
        received={keptOrder}
        freshness={null}
        notice={
          query.error.routeMissing ? (
            <CannotAskNotice status={query.error.status} receivedAt={keptOrder.receivedAt} />
          ) : (
            <StaleNotice status={query.error.status} receivedAt={keptOrder.receivedAt} />
          )
        }
        onRefresh={refresh}
        refreshing={query.isFetching}
        statusUnknown={query.error.routeMissing}
      />,
      keptOrder,
      0,
    );
  }
  if (query.data !== undefined) {
    return withSections(
      <OrderView
        environment={environment}
        received={query.data}
        freshness={<UpdatedAgo at={query.dataUpdatedAt} prefix="Updated" />}
        notice={query.error !== null ? <RefreshFailedNotice error={query.error} polling={pollInterval(query) !== false} /> : null}
        onRefresh={refresh}
        refreshing={query.isFetching}
      />,
      query.data,
      query.dataUpdatedAt,
    );
  }
  if (query.isPending) return <OrderLoading />;
  if (query.error instanceof ApiError && query.error.routeMissing) {
    return <OrderCannotBeAsked orderId={orderId} environmentName={environment.name} status={query.error.status} />;
  }
  if (query.error instanceof ApiError && query.error.status === 404) {
    return <OrderNotFound orderId={orderId} environmentName={environment.name} />;
  }
  return (
    <OrderLoadError error={query.error ?? new Error('No answer')} onRetry={refresh} retrying={query.isFetching} polling={pollInterval(query) !== false} />
  );
}

export function OrderPage() {
  const { orderId = '' } = useParams();
  const environment = useActiveEnvironment();
  if (!isUuid(orderId)) return <InvalidOrderId orderId={orderId} />;
  // Keyed, so switching environment or order never shows one order's state under another.
  return <OrderLoader key={`${environment.id}/${orderId}`} environment={environment} orderId={orderId} />;
}
