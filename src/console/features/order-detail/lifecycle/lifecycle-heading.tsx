import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { Environment } from '../../../lib/environments.ts';
import type { OrderRecord } from '../../orders/order-record.ts';
import { knownStatus } from '../../orders/received-order.ts';

// The lifecycle panel's frame, title and description: light, so they come with the order page's
// first paint (rendered by the server too, in team mode) and stay while the diagram's code loads
// after it and shows inside them (order-sections.tsx). The description is the page's largest text:
// painted only with the panel, well after the order, it was the page's Largest Contentful Paint, and
// the panel's title moved down the page when it came (docs/performance.md, "A cold order page").

/** Whether this order may be moved from its picture: a sandbox order in a documented status. */
export function canMoveOrder(environment: Environment, record: OrderRecord): boolean {
  return environment.sandbox && knownStatus(record) !== null;
}

function description(environment: Environment, record: OrderRecord): string {
  if (!environment.sandbox) {
    // The document shows the states but no transitions (D7); this service may move orders otherwise.
    return "The sandbox's model of the moves between states (decision D7), not this service's: the interface document names the states but shows no transitions. Only the current status comes from the service.";
  }
  return canMoveOrder(environment, record)
    ? 'Every state an order can be in and the moves between them. Choose a state this order can still reach to move it there.'
    : 'Every state an order can be in and the moves between them.';
}

/** The panel: its title and description, then its body (the diagram, or a loader until it is in). */
export function LifecycleFrame({ environment, record, children }: { environment: Environment; record: OrderRecord; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={4} id={titleId}>
          Lifecycle
        </Title>
        <Text size="sm" c="dimmed" data-testid="lifecycle-description">
          {description(environment, record)}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** Inside the frame until the diagram's code is in: a loader where the picture will be. */
export function LifecycleLoading() {
  return <Loader size="sm" role="status" aria-label="Loading the lifecycle" />;
}
