import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { OrderStatus } from '../../../../contract/schemas.ts';
import { orderStatusSchema } from '../../../../contract/schemas.ts';
import type { Environment } from '../../../lib/environments.ts';
import type { OrderRecord } from '../../orders/order-record.ts';
import { knownStatus } from '../../orders/order-record.ts';
import { simulateHint } from '../simulate-menu.tsx';
import { statusLabel } from '../status-label.ts';
import { useSimulateMove } from '../use-simulate-move.ts';
import { lifecycleQueries } from './lifecycle-queries.ts';
import { LifecycleDiagram } from './lifecycle-diagram.tsx';
import { canMoveOrder } from './lifecycle-heading.tsx';
import { LifecycleLegend, LifecycleText } from './lifecycle-text.tsx';
import { contractGraph } from './state-graph.ts';

// The order's lifecycle on the order page. In a sandbox a reachable state moves the order
// there (the Simulate menu's action, its messages, after a confirmation: a click on a picture is
// easier to make by mistake than a choice in a menu); elsewhere the diagram only shows.

function ConfirmMove({ target, current, pending, onCancel, onConfirm }: { target: OrderStatus | null; current: OrderStatus | null; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  const hint = target === null ? null : simulateHint(current, target).hint;
  return (
    <Modal opened={target !== null} onClose={onCancel} title={target === null ? '' : `Move this sandbox order to ${statusLabel(target)}?`}>
      <Stack gap="md">
        <Text size="sm">
          The sandbox moves the order {current === null ? '' : `from ${current} `}to <Text span ff="monospace" inherit>{target}</Text> along the allowed transitions,
          as the customer or the provider would.{hint === null ? '' : ` ${hint}.`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button onClick={onConfirm} loading={pending}>
            Move to {target === null ? '' : statusLabel(target)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The panel's body, inside its frame (lifecycle-heading.tsx LifecycleFrame, which order-sections.tsx puts round it). */
export function LifecyclePanel({ environment, record }: { environment: Environment; record: OrderRecord }) {
  const current = knownStatus(record);
  const path = useQuery({ ...lifecycleQueries.path(environment, record.id), enabled: environment.sandbox });
  const { move, pending } = useSimulateMove(environment, record.id);
  const [target, setTarget] = useState<OrderStatus | null>(null);
  const canMove = canMoveOrder(environment, record);
  const choose = (state: string) => {
    const parsed = orderStatusSchema.safeParse(state);
    if (parsed.success) setTarget(parsed.data);
  };
  const steps = environment.sandbox ? (path.data ?? null) : null;

  return (
    <>
      <LifecycleDiagram graph={contractGraph} current={current} path={steps} onChoose={canMove && !pending ? choose : undefined} />
      <LifecycleLegend withPath={steps !== null} />
      <LifecycleText graph={contractGraph} current={current} currentRaw={record.status} path={steps} modelOnly={!environment.sandbox} />
      {path.isError && (
        <Text size="xs" c="dimmed">
          The order&apos;s history could not be read ({path.error.message}), so the path it took is not drawn.
        </Text>
      )}
      <ConfirmMove
        target={target}
        current={current}
        pending={pending}
        onCancel={() => setTarget(null)}
        onConfirm={() => {
          if (target !== null) move(target, () => setTarget(null));
        }}
      />
    </>
  );
}
