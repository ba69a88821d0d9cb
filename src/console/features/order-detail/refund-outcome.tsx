import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconQuestionMark } from '@tabler/icons-react';
import { displayAmount } from './order-format.ts';
import type { RefundStep, Unanswered } from './use-refund-flow.ts';

/** What came back from the refund, in one sentence: a 500 and a dropped connection are not the same news. */
export function unansweredSentence(cause: Unanswered): string {
  if (cause.kind === 'no-answer') return 'The service did not answer the refund: the connection closed or timed out before an answer came.';
  const said = cause.message === '' ? '' : `: ${cause.message}`;
  if (cause.status >= 200 && cause.status < 300) return `The service answered the refund with HTTP ${cause.status}, but the answer could not be read${said}`.replace(/([^.!?])$/, '$1.');
  return `The service answered the refund with HTTP ${cause.status}${said}`.replace(/([^.!?])$/, '$1.');
}

type OutcomeStep = Extract<RefundStep, { kind: 'checking' | 'unknown' | 'went-through' | 'changed' }>;

interface Props {
  step: OutcomeStep;
  onRecheck: () => void;
  onClose: () => void;
}

/** What happened to a refund whose answer was lost, as learned by reading the order again. */
export function RefundOutcome({ step, onRecheck, onClose }: Props) {
  if (step.kind === 'checking') {
    return (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" />
        <Text>{unansweredSentence(step.cause)} Reading the order again to find out whether the refund went through…</Text>
      </Group>
    );
  }
  if (step.kind === 'went-through') {
    return (
      <Stack gap="md">
        <Alert color="green" icon={<IconCircleCheck size={18} />} title={`The refund went through: refunded amount is now ${displayAmount(step.refunded)}`}>
          {step.cause.kind === 'no-answer' ? 'The answer to the refund was lost' : unansweredSentence(step.cause).replace(/\.$/, '')}, but the order
          shows it was made. {displayAmount(step.remaining)} remains.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }
  if (step.kind === 'changed') {
    return (
      <Stack gap="md">
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="The refunded amount changed by a different amount">
          The refunded amount went from {displayAmount(step.before)} to {displayAmount(step.after)}, which is not the{' '}
          {step.body.amount} you sent: another refund may have been made at the same time. Check the order and the journal before
          refunding again.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconQuestionMark size={18} />} title="The outcome of the refund is unknown">
        {unansweredSentence(step.cause)} The order could not be read again to check whether it was made. Do not send it again
        until a check succeeds; if you close this dialog, check the order&apos;s refunded amount before refunding again.
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onRecheck}>Check again</Button>
      </Group>
    </Stack>
  );
}
