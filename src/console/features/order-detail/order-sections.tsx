import { Loader, Paper, Stack } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import type { Environment } from '../../lib/environments.ts';
import type { OrderRecord } from '../orders/order-record.ts';

/** What every panel below the order's header and cards is given. */
export interface OrderSectionProps {
  environment: Environment;
  record: OrderRecord;
  /** When the order was last received (poll, Refresh, a refund's answer); 0 for a kept record not asked again. */
  orderUpdatedAt: number;
}

interface OrderSection {
  id: string;
  /** Each panel loads its own code: none of it is on the order page's first paint. */
  Panel: ComponentType<OrderSectionProps>;
}

// The panels under the order, in page order. A new panel (e.g. the lifecycle diagram) is one more entry.
const SECTIONS: readonly OrderSection[] = [
  // Team mode (D17): the order's refund requests; renders nothing in personal mode.
  { id: 'approvals', Panel: lazy(async () => ({ default: (await import('../approvals/order-approvals-panel.tsx')).OrderApprovalsPanel })) },
  { id: 'history', Panel: lazy(async () => ({ default: (await import('./history/history-panel.tsx')).HistoryPanel })) },
];

function PanelLoading() {
  return (
    <Paper withBorder p="lg" radius="md">
      <Loader size="sm" role="status" aria-label="Loading" />
    </Paper>
  );
}

/** The order's view with its panels under it. */
export function OrderWithSections({ view, ...props }: OrderSectionProps & { view: ReactNode }) {
  return (
    <Stack gap="lg">
      {view}
      {SECTIONS.map(({ id, Panel }) => (
        <Suspense key={id} fallback={<PanelLoading />}>
          <Panel {...props} />
        </Suspense>
      ))}
    </Stack>
  );
}
