import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StatusStats } from '../../../contract/stats.ts';
import { statusLabel } from '../order-detail/status-label.ts';
import { groupedAmount, groupedCount } from './figures.ts';
import classes from './overview.module.css';

/** A bar's length as a share of the longest (counts are whole numbers, never money). */
export function share(count: number, max: number): string {
  return max <= 0 ? '0%' : `${((count / max) * 100).toFixed(1)}%`;
}

export const ordersLink = (status?: string) => (status === undefined ? '/orders' : `/orders?${new URLSearchParams({ status }).toString()}`);

/** Orders by status: one bar each, every status listed (zeros too), each count a link to the list filtered by it. */
export function StatusBars({ rows }: { rows: readonly StatusStats[] }) {
  const max = Math.max(0, ...rows.map((row) => row.count));
  return (
    <Stack gap={6}>
      {/* What the two figures of a row are: the orders, and the sum of their initial amounts. */}
      <div className={classes.statusRow} data-testid="status-bars-header">
        <Text size="xs" c="dimmed" fw={600}>
          Status
        </Text>
        <span />
        <Text size="xs" c="dimmed" fw={600} ta="right">
          Orders
        </Text>
        <Text size="xs" c="dimmed" fw={600} ta="right" className={classes.amount}>
          Ordered
        </Text>
      </div>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Orders by status">
        {rows.map((row) => (
          <li key={row.status} className={classes.statusRow} data-status={row.status}>
            <Anchor component={Link} to={ordersLink(row.status)} size="sm">
              {statusLabel(row.status)}
            </Anchor>
            <div className={classes.track} aria-hidden="true">
              <div className={classes.bar} style={{ '--share': share(row.count, max) }} />
            </div>
            <Text size="sm" className={classes.figure} ta="right">
              <Anchor component={Link} to={ordersLink(row.status)} inherit aria-label={`${groupedCount(row.count)} ${statusLabel(row.status).toLowerCase()} orders`} data-testid={`status-count-${row.status}`}>
                {groupedCount(row.count)}
              </Anchor>
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" ta="right" className={classes.amount} title={`Sum of the initial amounts of the ${statusLabel(row.status).toLowerCase()} orders`}>
              {groupedAmount(row.initial_amount)}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
