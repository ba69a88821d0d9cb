import { z } from 'zod';
import { bulkRunProgressSchema } from '../../../contract/bulk-runs.ts';
import type { Queryable } from '../../../db/store-db.ts';
import type { StoredRow } from '../../audit/audit-rows.ts';
import type { TeamEnvironment } from '../../team-config.ts';
import type { AuditEvent } from '../audit-events.ts';
import { auditEvents } from '../audit-events.ts';

// The notifications an audit row makes: a refund or a batch waits for approval, is approved,
// rejected or expires, or ends failed or unknown. Each says what an approver sees in the queue and no
// more: the environment, the order, the amount, who asked and who decided, the reason's category;
// never the destination account, a note someone typed or anything of the customer's.

const WORDS = ['waiting', 'approved', 'rejected', 'expired', 'failed', 'unknown'] as const;
export const NOTIFY_EVENTS = [...WORDS.map((word) => `refund.${word}` as const), ...WORDS.map((word) => `batch.${word}` as const)];
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

/** A notification as kept in the outbox and sent in the JSON format. */
export const notifyMessageSchema = z.object({
  event: z.enum(NOTIFY_EVENTS),
  /** The approval request's or the bulk run's id. */
  id: z.string(),
  environment: z.object({ id: z.string(), name: z.string(), production: z.boolean() }),
  order_id: z.string().optional(),
  amount: z.string().optional(),
  rows: z.number().int().optional(),
  requester: z.string(),
  by: z.string().nullable(),
  reason: z.string().optional(),
  at: z.string(),
  link: z.string(),
  text: z.string(),
  audit_seq: z.number().int(),
});
export type NotifyMessage = z.infer<typeof notifyMessageSchema>;

export interface OutboxEntry {
  auditSeq: string;
  event: NotifyEvent;
  environment: string;
  message: NotifyMessage;
  /** An unknown refund is said only if it is still unknown a little later (it is usually resolved at once). */
  recheckApproval: string | null;
}

const approvalRow = z.object({ order_id: z.string(), amount: z.string(), requester: z.string(), reason: z.string() });
const jsonText = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);
const batchRow = z.object({ requester: z.string(), total: z.string(), progress: z.preprocess(jsonText, bulkRunProgressSchema) });

const STATE_WORD = { pending: 'waiting', approved: 'approved', rejected: 'rejected', expired: 'expired', failed: 'failed', unknown: 'unknown' } as const;

function eventOf(event: AuditEvent): { kind: 'refund' | 'batch'; id: string; word: (typeof STATE_WORD)[keyof typeof STATE_WORD] } | null {
  if (event.kind === 'batch_end') return { kind: 'batch', id: event.id, word: event.outcome };
  if (event.kind !== 'approval' || event.state === 'withdrawn' || event.state === 'sent') return null;
  return { kind: event.subject, id: event.id, word: STATE_WORD[event.state] };
}

const short = (id: string) => id.slice(0, 8);

interface TextFacts {
  what: string;
  requester: string;
  by: string | null;
  reason?: string;
  refused: number;
  unknown: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function messageText(kind: 'refund' | 'batch', word: string, m: TextFacts): string {
  switch (word) {
    case 'waiting':
      return `${m.what} waits for approval (asked by ${m.requester}${m.reason === undefined ? '' : `, reason: ${m.reason}`}).`;
    case 'approved':
      return `${m.what} was approved by ${m.by ?? 'an approver'} and is being sent.`;
    case 'rejected':
      return `${m.what} was rejected by ${m.by ?? 'an approver'}; nothing was sent.`;
    case 'expired':
      return `${m.what} expired: nobody approved it in time; nothing was sent.`;
    case 'failed':
      return kind === 'refund' ? `${m.what} failed: the service refused it. Nothing was refunded.` : `${m.what} finished with ${plural(m.refused, 'refund')} refused.`;
    default:
      return kind === 'refund'
        ? `${m.what} is unknown: the service did not answer and the order could not be read. The console keeps checking; nothing is sent twice.`
        : `${m.what} paused: ${plural(m.unknown, 'refund')} could not be confirmed. Resume it to check them again.`;
  }
}

/** What `row` is to be told, for the environments that have a webhook. */
export async function messagesOf(db: Queryable, row: StoredRow, options: { origin: string; environments: readonly TeamEnvironment[]; notified: (environment: string) => boolean }): Promise<OutboxEntry[]> {
  const body: unknown = JSON.parse(row.body);
  const out: OutboxEntry[] = [];
  for (const event of auditEvents({ action: row.action, environment: row.environment, outcome: row.outcome, body })) {
    const what = eventOf(event);
    const environment = options.environments.find((e) => e.id === row.environment);
    if (what === null || environment === undefined || !options.notified(environment.id)) continue;
    const base = { id: what.id, environment: { id: environment.id, name: environment.name, production: environment.production }, by: what.word === 'approved' || what.word === 'rejected' ? row.user : null, at: row.at, audit_seq: Number(row.seq) };
    const name = `${what.kind}.${what.word}` as const;
    let message: NotifyMessage;
    if (what.kind === 'refund') {
      const { rows } = await db.query('SELECT order_id, amount, requester, reason FROM console_approvals WHERE id = $1', [what.id]);
      const approval = approvalRow.safeParse(rows[0]);
      if (!approval.success) continue;
      const a = approval.data;
      const text = messageText('refund', what.word, { what: `Refund of ${a.amount} on order ${short(a.order_id)} in ${environment.name}`, requester: a.requester, by: base.by, reason: a.reason, refused: 0, unknown: 0 });
      message = { ...base, event: name, order_id: a.order_id, amount: a.amount, requester: a.requester, reason: a.reason, link: `${options.origin}/approvals`, text: `${text} ${options.origin}/approvals` };
    } else {
      const { rows } = await db.query('SELECT requester, total, progress FROM console_bulk_runs WHERE id = $1', [what.id]);
      const batch = batchRow.safeParse(rows[0]);
      if (!batch.success) continue;
      const b = batch.data;
      const link = `${options.origin}/refunds/bulk?run=${encodeURIComponent(what.id)}`;
      const text = messageText('batch', what.word, { what: `Bulk refund of ${b.progress.total} rows (${b.total}) in ${environment.name}`, requester: b.requester, by: base.by, refused: b.progress.refused, unknown: b.progress.unknown });
      message = { ...base, event: name, amount: b.total, rows: b.progress.total, requester: b.requester, link, text: `${text} ${link}` };
    }
    out.push({ auditSeq: row.seq, event: name, environment: environment.id, message, recheckApproval: name === 'refund.unknown' ? what.id : null });
  }
  return out;
}
