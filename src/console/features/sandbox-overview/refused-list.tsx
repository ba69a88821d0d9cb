import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { RefusedRefund } from '../../../contract/stats.ts';
import { formatDateTime } from '../order-detail/order-format.ts';

/** The newest refused refunds, each with its order (a link), why and what the caller was told. */
export function RefusedList({ refusals }: { refusals: readonly RefusedRefund[] }) {
  if (refusals.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No refund has been refused.
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Newest refused refunds">
      {refusals.map((r) => (
        <Stack key={r.event_id} gap={2} component="li">
          <Group gap="xs" wrap="wrap">
            <Anchor component={Link} to={`/orders/${r.order_id}`} size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {r.external_id}
            </Anchor>
            <Badge variant="light" color={r.http_status === 409 ? 'orange' : 'red'} size="sm" tt="none">
              {r.http_status} {r.code}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDateTime(r.at) ?? r.at}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {r.reason}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
