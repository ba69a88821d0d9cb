import { Loader, Paper, Stack } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { Fragment } from 'react';
import { useAfterFirstContent } from '../../app/first-content.ts';
import { loadable } from '../../app/loadable.tsx';
import type { Environment } from '../../lib/environments.ts';
import { useIsTeamMode } from '../../lib/use-team.ts';
import { LifecycleFrame, LifecycleLoading } from './lifecycle/lifecycle-heading.tsx';
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
  /** What holds its place until it shows. */
  Placeholder: ComponentType<OrderSectionProps>;
  /** Round the panel and its placeholder alike, shown from the first paint (the panel is its body). */
  Frame?: ComponentType<OrderSectionProps & { children: ReactNode }>;
  /** Team mode (D17) only: elsewhere the panel is neither loaded nor rendered. */
  teamOnly?: boolean;
}

function PanelLoading() {
  return (
    <Paper withBorder p="lg" radius="md">
      <Loader size="sm" role="status" aria-label="Loading" />
    </Paper>
  );
}

/** A panel that shows only once it has something to say holds no place before. */
function Nothing() {
  return null;
}

// The panels under the order, in page order. A new panel is one more entry. Through loadable: a panel
// shows as soon as its code is in, not held back by React's throttled Suspense reveal.
// The lifecycle's frame, title and description (lifecycle-heading.tsx, the page's largest text) come with the first paint.
const SECTIONS: readonly OrderSection[] = [
  { id: 'lifecycle', Panel: loadable(async () => (await import('./later-parts.tsx')).LifecyclePanel, LifecycleLoading), Placeholder: LifecycleLoading, Frame: LifecycleFrame },
  // Team mode: who the order is for, from the team order index, and the way to all of their orders.
  { id: 'customer', Panel: loadable(async () => (await import('./later-parts.tsx')).OrderCustomerSection, Nothing), Placeholder: Nothing, teamOnly: true },
  // D17: the order's refund requests, under the lifecycle.
  { id: 'approvals', Panel: loadable(async () => (await import('./later-parts.tsx')).OrderApprovalsPanel, PanelLoading), Placeholder: PanelLoading, teamOnly: true },
  { id: 'history', Panel: loadable(async () => (await import('./later-parts.tsx')).HistoryPanel, PanelLoading), Placeholder: PanelLoading },
];

/**
 * The order's view with its panels under it. The panels (their code, their requests, their
 * render) come once the order's heading is painted, the order first and then its history; until then
 * each holds its place below the cards, so nothing above them moves.
 */
export function OrderWithSections({ view, ...props }: OrderSectionProps & { view: ReactNode }) {
  const team = useIsTeamMode();
  const afterHeading = useAfterFirstContent();
  return (
    <Stack gap="lg">
      {view}
      {SECTIONS.filter((section) => team || section.teamOnly !== true).map(({ id, Panel, Placeholder, Frame }) => {
        const body = afterHeading ? <Panel {...props} /> : <Placeholder {...props} />;
        return Frame === undefined ? (
          <Fragment key={id}>{body}</Fragment>
        ) : (
          <Frame key={id} {...props}>
            {body}
          </Frame>
        );
      })}
    </Stack>
  );
}
