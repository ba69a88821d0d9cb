import type { OrderRecord } from '../../orders/order-record.ts';
import { displayAmount } from '../order-format.ts';
import type { HistoryItem, OrderHistory } from './history-model.ts';
import { refundTotals } from './refund-totals.ts';
import { utcText } from './time-format.ts';

// "Copy summary": what a support agent pastes into a ticket. Ids, status, amounts, refunds and the
// steps of the history, times in UTC (a ticket is read in other time zones). Left out on purpose:
// the token, the customer's data, the return URL (it may carry a shop's session), and all but the
// last four characters of a destination account (enough to tell accounts apart, not to use one).

export interface SummaryInput {
  environmentName: string;
  record: OrderRecord;
  /** null when no history could be read (the summary says so). */
  history: OrderHistory | null;
  now?: Date;
}

/** `CZ6508000000192000145399` -> `…5399`; short values are hidden entirely. */
export function maskAccount(account: string): string {
  const chars = [...account.trim()];
  return chars.length <= 4 ? '…' : `…${chars.slice(-4).join('')}`;
}

function step(item: HistoryItem): string | null {
  const at = item.at === null ? '(no time)' : utcText(item.at);
  switch (item.kind) {
    case 'created':
      return `${at}  created, ${displayAmount(item.initialAmount)}, status ${item.status}`;
    case 'status':
      return `${at}  status ${[item.from ?? '?', ...item.via, item.to].join(' -> ')} (${item.source === 'seen' ? 'seen by this browser, mover unknown' : `by ${item.source}`})`;
    case 'refunded':
      return `${at}  refunded ${displayAmount(item.refund.amount)}${item.refund.source === 'control' ? ' (sandbox Simulate)' : ''}`;
    case 'refused':
      return `${at}  refund refused${item.httpStatus === null ? '' : ` (HTTP ${item.httpStatus}${item.code === null ? '' : ` ${item.code}`})`}: ${item.reason}`;
    case 'fault':
      return `${at}  injected fault (sandbox) on ${item.event.operation}: ${item.event.effect.kind}`;
    case 'no-answer':
      return `${at}  refund sent, outcome unknown (${item.problem})`;
    case 'unknown':
      return `${at}  unknown event${item.type === null ? '' : ` "${item.type}"`}`;
  }
}

export function summaryText({ environmentName, record, history, now = new Date() }: SummaryInput): string {
  const lines = [
    `Order ${record.external_id}`,
    `Order ID: ${record.id}`,
    `Environment: ${environmentName}`,
    `Status: ${record.status}`,
    `Service: ${record.service}`,
    `Initial amount: ${displayAmount(record.initial_amount)}`,
    `Refunded: ${displayAmount(record.refund_amount)}`,
    `Current amount: ${displayAmount(record.current_amount)}`,
  ];
  if (history === null) {
    lines.push('', 'History: not available.');
  } else {
    const origin = history.origin === 'sandbox' ? 'the sandbox history' : 'seen from this browser only (the service keeps no history the console can read)';
    lines.push('', `Refunds (${history.refunds.length}, ${origin}):`);
    if (history.refunds.length === 0) lines.push('  none');
    for (const r of history.refunds) {
      lines.push(
        `  ${utcText(r.at)}  ${displayAmount(r.amount)}  payment ${r.paymentIdentifier}  refund external id ${r.externalId}  to account ${maskAccount(r.destinationAccount)}`,
      );
    }
    const totals = refundTotals(history.refunds, record.refund_amount);
    if (totals.kind === 'match') lines.push(`  Sum ${totals.sum} matches the order's refunded amount.`);
    else if (totals.kind === 'mismatch') lines.push(`  Sum ${totals.sum} does NOT match the order's refunded amount ${displayAmount(totals.recorded)}.`);
    else lines.push('  The sum cannot be checked: an amount is not a decimal.');
    lines.push('', `History (${origin}, oldest first, UTC):`);
    if (history.items.length === 0) lines.push('  nothing recorded');
    for (const item of history.items) {
      const text = step(item);
      if (text !== null) lines.push(`  ${text}`);
    }
  }
  lines.push('', `Copied from Order Console at ${utcText(now.toISOString())}`);
  return lines.join('\n');
}
