import { Menu, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { isFinalStatus, pathToStatus } from '../../../contract/states.ts';
import type { OrderStatus } from '../../../contract/schemas.ts';
import { ORDER_STATUSES } from '../../../contract/schemas.ts';
import type { Environment } from '../../lib/environments.ts';
import type { OrderRecord } from '../orders/order-record.ts';
import { knownStatus } from '../orders/received-order.ts';
import { SimulateButton } from './simulate-button.tsx';
import { statusLabel } from './status-label.ts';
import { useSimulateMove } from './use-simulate-move.ts';

/** What choosing `target` does from `current`, or why it cannot be chosen. */
export function simulateHint(current: OrderStatus | null, target: OrderStatus): { enabled: boolean; hint: string | null } {
  if (current === null) return { enabled: false, hint: 'The current status is not a documented one' };
  if (target === current) return { enabled: false, hint: 'The current status' };
  const path = pathToStatus(current, target);
  if (path === null) {
    return { enabled: false, hint: `Not reachable from ${current}${isFinalStatus(current) ? ' (a final status)' : ''}` };
  }
  if (target === 'refunded') return { enabled: true, hint: 'Refunds the rest of the current amount' };
  const via = path.slice(0, -1);
  return { enabled: true, hint: via.length === 0 ? null : `Via ${via.map(statusLabel).join(' → ')}` };
}

// Mantine greys a disabled item out to 0.6 opacity, too faint for the reason it gives: it is kept
// readable, in the dimmed colour (4.9:1 or better, theme.ts).
const ITEM_STYLES = { item: { opacity: 1, color: 'var(--mantine-color-text)' } };
const DISABLED_TEXT = 'var(--mantine-color-dimmed)';

interface Props {
  environment: Environment;
  record: OrderRecord;
  /** Its button takes the focus when it appears (the button that stood in its place had it: after-heading.tsx). */
  focusOnMount?: boolean;
  /** It appears open (the button that stood in its place was clicked). */
  openOnMount?: boolean;
}

/** Sandbox only (D7): move the order along the allowed transitions, as the customer or the provider would. */
export function SimulateMenu({ environment, record, focusOnMount = false, openOnMount = false }: Props) {
  const { move, pending } = useSimulateMove(environment, record.id);
  const current = knownStatus(record);
  const target = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) target.current?.focus();
  }, [focusOnMount]);

  return (
    <Menu position="bottom-end" width={280} shadow="md" defaultOpened={openOnMount}>
      <Menu.Target>
        <SimulateButton ref={target} loading={pending} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Move this sandbox order to</Menu.Label>
        {ORDER_STATUSES.map((status) => {
          const { enabled, hint } = simulateHint(current, status);
          return (
            <Menu.Item key={status} disabled={!enabled} onClick={() => move(status)} styles={ITEM_STYLES}>
              <Stack gap={0}>
                <Text size="sm" fw={enabled ? 500 : 400} c={enabled ? undefined : DISABLED_TEXT}>
                  {statusLabel(status)}{' '}
                  <Text span size="xs" ff="monospace" c="dimmed">
                    {status}
                  </Text>
                </Text>
                {hint !== null && (
                  <Text size="xs" c="dimmed">
                    {hint}
                  </Text>
                )}
              </Stack>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
