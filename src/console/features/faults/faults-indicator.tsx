import { Badge, Text } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Environment } from '../../lib/environments.ts';
import { armedCountQuery } from './armed-count.ts';
import { useFaultsWatch } from './use-faults-watch.ts';

// Other clients with the same token use rules up too: while any is armed, the list is also read now and then.
const ARMED_POLL_MS = 15_000;

/**
 * In the header on every page while the sandbox has a fault armed for this token, so nobody takes
 * an injected failure for a bug. Nothing is shown while nothing is armed.
 */
export function FaultsIndicator({ environment }: { environment: Environment }) {
  const { data: count = 0 } = useQuery({
    ...armedCountQuery(environment),
    refetchInterval: (query) => ((query.state.data ?? 0) > 0 ? ARMED_POLL_MS : false),
  });
  useFaultsWatch(environment, count > 0);
  if (count === 0) return null;
  const label = `${count} fault${count === 1 ? '' : 's'} armed`;
  return (
    <Badge
      component={Link}
      to="/faults"
      // Warning yellow with near-black text (over 10:1 in both schemes): apart from production's red.
      color="yellow.5"
      c="dark.9"
      variant="filled"
      size="md"
      px={8}
      leftSection={<IconBolt size={14} aria-hidden />}
      data-testid="faults-indicator"
      aria-label={`${label}: open Faults`}
      style={{ cursor: 'pointer', flexShrink: 0 }}
    >
      {count}
      <Text span inherit visibleFrom="sm">
        {` fault${count === 1 ? '' : 's'} armed`}
      </Text>
    </Badge>
  );
}
