import { Badge, Code, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowRight,
  IconBan,
  IconBolt,
  IconHelp,
  IconPlus,
  IconQuestionMark,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Fragment } from 'react';
import type { FaultAppliedEvent } from '../../../../contract/history.ts';
import { statusColor } from '../../../components/status-badge.tsx';
import { Amount, EventTime, RawJson } from './history-bits.tsx';
import type { HistoryItem, MoveSource } from './history-model.ts';
import classes from './history.module.css';

const MOVED_BY: Record<MoveSource, string> = {
  checkout: 'Moved by the customer at checkout',
  control: 'Moved through the sandbox control API (Simulate)',
  refund: 'Moved by a refund',
  seen: 'Seen changed by this browser between two reads: who moved it is not known here',
};

function effectText(effect: FaultAppliedEvent['effect']): string {
  switch (effect.kind) {
    case 'status':
      return `answered HTTP ${effect.status}${effect.retry_after === undefined ? '' : ` (Retry-After ${effect.retry_after} s)`} and did nothing`;
    case 'delay':
      return `answered ${effect.ms} ms late, then handled the request as usual`;
    case 'drop':
      return 'closed the connection without an answer and did nothing';
    case 'lose_answer':
      return 'did the operation, then closed the connection without an answer';
  }
}

function Row({ icon, color, title, at, children }: { icon: ReactNode; color: string; title: ReactNode; at: string | null; children?: ReactNode }) {
  return (
    <>
      <ThemeIcon size={28} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={4} miw={0}>
        <div className={classes.itemHead}>
          <Text fw={600} size="sm" component="div">
            {title}
          </Text>
          <EventTime iso={at} />
        </div>
        {children}
      </Stack>
    </>
  );
}

/** Not the page's StatusBadge: that one is the order's status hook (D10), once per page. */
function Status({ status }: { status: string }) {
  return (
    <Badge variant="light" color={statusColor(status)} tt="none" radius="sm">
      {status === '' ? '—' : status}
    </Badge>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" component="span" className={classes.wrapAnywhere}>
      <Text span c="dimmed" size="sm">
        {label}{' '}
      </Text>
      {children}
    </Text>
  );
}

function SentBody({ request }: { request: Record<string, unknown> | null }) {
  if (request === null) {
    return (
      <Text size="sm" c="dimmed">
        The body was not a JSON object (malformed, or refused before it was read), so nothing of it was kept.
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        What was sent:
      </Text>
      <Code block className={classes.raw} tabIndex={0}>
        {JSON.stringify(request, null, 2)}
      </Code>
    </Stack>
  );
}

export function TimelineItem({ item }: { item: HistoryItem }) {
  switch (item.kind) {
    case 'created':
      return (
        <Row icon={<IconPlus size={16} />} color="blue" title="Order created" at={item.at}>
          <div className={classes.facts}>
            <Fact label="Initial amount">
              <Amount value={item.initialAmount} size="sm" />
            </Fact>
            <Fact label="External ID">{item.externalId}</Fact>
            <Fact label="Status">{item.status}</Fact>
          </div>
        </Row>
      );
    case 'status':
      return (
        <Row
          icon={<IconArrowRight size={16} />}
          color="gray"
          at={item.at}
          title={
            <Group gap={6} wrap="wrap" component="span">
              Status
              {[...(item.from === null ? [] : [item.from]), ...item.via].map((status, i) => (
                <Fragment key={i}>
                  <Status status={status} />
                  <span aria-label="to">→</span>
                </Fragment>
              ))}
              <Status status={item.to} />
            </Group>
          }
        >
          <Text size="sm" c="dimmed">
            {MOVED_BY[item.source]}
          </Text>
        </Row>
      );
    case 'refunded': {
      const r = item.refund;
      return (
        <Row icon={<IconArrowBackUp size={16} />} color="violet" at={item.at} title={<>Refunded <Amount value={r.amount} fw={600} size="sm" /></>}>
          {r.source === 'control' && (
            <Text size="sm" c="dimmed">
              The sandbox refunded the rest when the order was moved to refunded (Simulate).
            </Text>
          )}
          <div className={classes.facts}>
            <Fact label="Payment identifier">{r.paymentIdentifier}</Fact>
            <Fact label="Refund external ID">{r.externalId}</Fact>
            <Fact label="To account">{r.destinationAccount}</Fact>
          </div>
          {r.refundedAfter !== null && r.currentAfter !== null && (
            <div className={classes.facts}>
              <Fact label="After it: refunded">
                <Amount value={r.refundedAfter} size="sm" />
              </Fact>
              <Fact label="current">
                <Amount value={r.currentAfter} size="sm" />
              </Fact>
            </div>
          )}
        </Row>
      );
    }
    case 'refused':
      return (
        <Row
          icon={<IconBan size={16} />}
          color="red"
          at={item.at}
          title={`Refund refused${item.httpStatus === null ? '' : ` (HTTP ${item.httpStatus}${item.code === null ? '' : `, ${item.code}`})`}`}
        >
          <Text size="sm" className={classes.wrapAnywhere}>
            {item.reason}
          </Text>
          {item.status !== null && <Fact label="Order status then">{item.status}</Fact>}
          {item.requestBytes !== undefined && (
            <Text size="sm" c="dimmed">
              The body was {item.requestBytes} bytes: the sandbox kept only its refund fields, each cut to 256 characters.
            </Text>
          )}
          <SentBody request={item.request} />
        </Row>
      );
    case 'fault':
      return (
        <Row icon={<IconBolt size={16} />} color="orange" at={item.at} title="Injected fault (sandbox)">
          <Text size="sm">
            A fault armed on purpose in the sandbox, not a failure of the service: on this {item.event.operation} request the sandbox{' '}
            {effectText(item.event.effect)}.
          </Text>
          <Fact label="Rule">{item.event.fault_id}</Fact>
        </Row>
      );
    case 'no-answer':
      return (
        <Row icon={<IconQuestionMark size={16} />} color="yellow" at={item.at} title="Refund sent, outcome unknown">
          <Text size="sm">
            {item.problem}. The refund may or may not have happened: the order&apos;s amounts and the refunds table tell.
          </Text>
          <SentBody request={item.request} />
        </Row>
      );
    case 'unknown':
      return (
        <Row
          icon={item.problem === null ? <IconHelp size={16} /> : <IconAlertTriangle size={16} />}
          color="gray"
          at={item.at}
          title={`Unknown event${item.type === null ? '' : `: ${item.type}`}`}
        >
          <Text size="sm" c="dimmed">
            {item.problem === null
              ? 'This console does not know this kind of event (a newer sandbox?). It is shown as received.'
              : `This event does not read as documented (${item.problem}). It is shown as received.`}
          </Text>
          <RawJson value={item.raw} />
        </Row>
      );
  }
}
