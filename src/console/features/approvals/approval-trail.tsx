import { List, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../order-detail/order-format.ts';
import { approvalQueries } from './approval-api.ts';

// docs/decisions.md D17: the whole trail of one request, oldest first, as the server recorded it.

const WORDS: Readonly<Record<string, string>> = {
  requested: 'asked for the refund',
  approved: 'approved; sending',
  rejected: 'rejected',
  withdrawn: 'withdrew the request',
  expired: 'expired; nothing sent',
  sent: 'the service answered',
  order_read: 'the order was read again',
  resolved: 'outcome found',
  resolve_later: 'the service could not be asked; will try again',
  taken_over: 'taken over to find the outcome',
};

export function ApprovalTrail({ id }: { id: string }) {
  const query = useQuery(approvalQueries.trail(id));
  if (query.isPending) return <Loader size="xs" role="status" aria-label="Loading the trail" />;
  if (query.error !== null) return <Text c="red">{query.error.message}</Text>;
  return (
    <List size="sm" spacing={4} aria-label="Trail">
      {query.data.events.map((event) => (
        <List.Item key={event.id}>
          {formatDateTime(event.at) ?? event.at} — {event.actor ?? 'the console'} {WORDS[event.kind] ?? event.kind} ({event.state})
        </List.Item>
      ))}
    </List>
  );
}
