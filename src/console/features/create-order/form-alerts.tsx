import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconAlertCircle, IconFileImport, IconHelpCircle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';
import type { Environment } from '../../lib/environments.ts';
import type { FormIssue } from './form-schema.ts';
import type { CreateOrderControl } from './form-values.ts';
import type { UnknownOutcome } from './use-create-order-submit.ts';

/** What the service rejected that is not one input's problem (non_field_errors, unknown paths, other statuses). */
export function ServerErrorAlert({ control }: { control: CreateOrderControl }) {
  const { errors } = useFormState({ control });
  const message = errors.root?.['serverError']?.message;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Submit is pressed at the bottom of a long form; the alert is at the top. When a field error
    // already took the focus (and the view), that field is the better place to be.
    if (message !== undefined && document.activeElement?.getAttribute('aria-invalid') !== 'true') ref.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);
  if (message === undefined) return null;
  return (
    <Alert ref={ref} color="red" icon={<IconAlertCircle size={18} />} title="The service rejected the order" role="alert">
      {message.split('\n').map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
    </Alert>
  );
}

interface OutcomeProps {
  outcome: UnknownOutcome;
  environment: Environment;
  checking: boolean;
  pending: boolean;
  onRetry: () => void;
  onOpen: (id: string) => void;
  onDismiss: () => void;
}

/** A create that got no answer: it may or may not exist. Retry checks before it sends again. */
export function UnknownOutcomeAlert({ outcome, environment, checking, pending, onRetry, onOpen, onDismiss }: OutcomeProps) {
  const externalId = outcome.body.order_external_id;
  const ref = useRef<HTMLDivElement>(null);
  // Submit is pressed at the bottom of a long form; this alert is at the top.
  useEffect(() => {
    // A block body: Chromium's scrollIntoView returns a promise, which React would take for a cleanup.
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [outcome.kind]);
  if (outcome.kind === 'found') {
    return (
      <Alert ref={ref} color="teal" icon={<IconHelpCircle size={18} />} title="The order was created after all" role="alert">
        <Text size="sm">
          The sandbox has an order with external id <Code>{externalId}</Code>, so the first request went through. Nothing was sent again.
        </Text>
        <Group mt="sm">
          <Button size="xs" onClick={() => onOpen(outcome.order.record.id)}>
            Open order {externalId}
          </Button>
          <Button size="xs" variant="default" onClick={onDismiss}>
            Dismiss
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Alert ref={ref} color="orange" icon={<IconHelpCircle size={18} />} title="Outcome unknown: the order may or may not have been created" role="alert">
      <Text size="sm">
        {outcome.reason}. Everything you typed is still here. {environment.sandbox
          ? `Retry first asks the sandbox for an order with external id ${externalId} and sends the same request again only if there is none.`
          : `Retry sends the same request again; if the first one did arrive, the service refuses it as a duplicate external id.`}
      </Text>
      {outcome.checkProblem !== null && (
        <Text size="sm" c="red" mt="xs">
          {outcome.checkProblem}
        </Text>
      )}
      <Group mt="sm">
        <Button size="xs" color="orange" onClick={onRetry} loading={pending} disabled={pending}>
          {checking ? 'Checking…' : 'Retry'}
        </Button>
        <Button size="xs" variant="default" onClick={onDismiss} disabled={pending}>
          Dismiss
        </Button>
      </Group>
    </Alert>
  );
}

function Code({ children }: { children: string }) {
  return (
    <Text span inherit ff="monospace" fw={600}>
      {children}
    </Text>
  );
}

interface ImportReport {
  issues: FormIssue[];
  notes: string[];
}

/** `onUndo`: the form as it was before the import, in one step (field by field was the only way back). */
export function ImportReportAlert({ report, onDismiss, onUndo }: { report: ImportReport; onDismiss: () => void; onUndo: () => void }) {
  const clean = report.issues.length === 0 && report.notes.length === 0;
  return (
    <Alert
      color={report.issues.length > 0 ? 'yellow' : 'blue'}
      icon={<IconFileImport size={18} />}
      title={clean ? 'JSON imported: every field is valid' : `JSON imported: ${report.issues.length} ${report.issues.length === 1 ? 'field does' : 'fields do'} not validate`}
      withCloseButton
      closeButtonLabel="Dismiss import report"
      onClose={onDismiss}
      data-testid="import-report"
    >
      {report.issues.length > 0 && (
        <List size="sm">
          {report.issues.map((issue) => (
            <List.Item key={`${issue.path}:${issue.message}`}>
              <Code>{issue.path}</Code>: {issue.message}
            </List.Item>
          ))}
        </List>
      )}
      {report.notes.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="xs">
            Not carried over as is
          </Text>
          <List size="sm">
            {report.notes.map((note) => (
              <List.Item key={note}>{note}</List.Item>
            ))}
          </List>
        </>
      )}
      <Button variant="default" size="xs" mt="sm" onClick={onUndo}>
        Undo import
      </Button>
    </Alert>
  );
}

export type { ImportReport };
