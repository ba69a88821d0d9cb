import { Alert, Text } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { z } from 'zod';
import type { Approval } from '../../../contract/approvals.ts';

// docs/decisions.md D17: what the service last said about a request that was not sent (a 429 or 503 put
// it back to waiting; a refusal failed it), in the service's own words, so an approver knows why.

const detailSchema = z.object({ detail: z.string() });

/** The service's words in an answer: DRF's `detail`, or a short text body; null when it said none. */
export function serviceWords(body: unknown): string | null {
  const detail = detailSchema.safeParse(body);
  if (detail.success) return detail.data.detail;
  if (typeof body === 'string' && body.trim() !== '') return body.trim().slice(0, 200);
  return null;
}

export function ServiceAnswer({ approval }: { approval: Approval }) {
  if (approval.answer === null || approval.state === 'sent') return null;
  const words = serviceWords(approval.answer.body);
  const said = `HTTP ${approval.answer.status}${words === null ? '' : `: “${words}”`}`;
  // A 429 or 503 put it back to waiting: the approver who reads this decides whether to approve again.
  if (approval.state === 'pending' && approval.resolution === 'retry_later') {
    return (
      <Alert color="yellow" icon={<IconClockPause size={18} />} title="Not sent yet: the service asked to try later" data-testid="service-answer">
        <Text size="sm">The service answered {said}</Text>
        <Text size="sm">Nothing was refunded. Approving again sends it with the same identifiers.</Text>
      </Alert>
    );
  }
  return (
    <Text size="sm" c="dimmed" data-testid="service-answer">
      Last answer from the service: {said}
    </Text>
  );
}
