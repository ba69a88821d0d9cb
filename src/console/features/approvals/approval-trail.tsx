import { List, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApprovalEvent } from '../../../contract/approvals.ts';
import { formatDateTime } from '../order-detail/order-format.ts';
import { approvalQueries } from './approval-api.ts';

// docs/decisions.md D17: the whole trail of one request, oldest first, as the server recorded it: what
// a person did, and what the console did by itself (expiry, reading the order to find an outcome).

const answerStatus = z.object({ answer: z.object({ status: z.number() }).nullable() });

/** The service's answer to a send, as a person reads it. */
function answered(detail: unknown): string {
  const parsed = answerStatus.safeParse(detail);
  if (!parsed.success || parsed.data.answer === null) return 'the service answered';
  const { status } = parsed.data.answer;
  if (status === 424) return 'no answer came back from the service';
  // Not 503 (the service's "later"): a 5xx says nothing of whether the refund was applied.
  if (status >= 500 && status !== 503) return `the service answered HTTP ${status}, which does not say whether it refunded`;
  return `the service answered HTTP ${status}`;
}

/** One event as a sentence: a person's act, or the console's own. */
export function trailSentence(event: Pick<ApprovalEvent, 'actor' | 'kind' | 'detail'>): string {
  const who = event.actor ?? 'The console';
  switch (event.kind) {
    case 'requested':
      return `${who} asked for the refund`;
    case 'approved':
      return `${who} approved it; sending`;
    case 'rejected':
      return `${who} rejected it`;
    case 'withdrawn':
      return `${who} withdrew the request`;
    case 'expired':
      return 'The request expired; nothing was sent';
    case 'sent':
      return `${who} sent it; ${answered(event.detail)}`;
    case 'order_read':
      return `${who} read the order again`;
    case 'resolved':
      return `${who} found the outcome`;
    case 'resolve_later':
      return `${who} could not ask the service; it will try again`;
    case 'taken_over':
      return `${who} took it over to find the outcome`;
    default:
      return `${who}: ${event.kind}`;
  }
}

export function ApprovalTrail({ id }: { id: string }) {
  const query = useQuery(approvalQueries.trail(id));
  if (query.isPending) return <Loader size="xs" role="status" aria-label="Loading the trail" />;
  if (query.error !== null) return <Text c="red">{query.error.message}</Text>;
  return (
    <List size="sm" spacing={4} aria-label="Trail">
      {query.data.events.map((event) => (
        <List.Item key={event.id}>
          {formatDateTime(event.at) ?? event.at} — {trailSentence(event)} (now {event.state})
        </List.Item>
      ))}
    </List>
  );
}
