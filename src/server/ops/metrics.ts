import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// What this process did, in Prometheus' text format (prom-client). Every label is drawn
// from a small fixed set (a route template, a configured environment's id, a status, a word of
// ours): never a path, an order id, an e-mail or anything a client typed, so a scrape stays small
// and holds nothing personal. docs/operations.md says what each one means.

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Something a scrape reads when it happens (database counts, pool use): its gauges set within `collect`. */
export type ScrapeReader = () => Promise<void>;

export function createConsoleMetrics(options: { defaults?: boolean } = {}) {
  const registry = new Registry();
  const registers = [registry];
  if (options.defaults === true) collectDefaultMetrics({ register: registry });
  const readers: ScrapeReader[] = [];

  const metrics = {
    registry,
    httpRequests: new Counter({ name: 'console_http_requests_total', help: 'Requests answered, by method, route template and status.', labelNames: ['method', 'route', 'status'], registers }),
    httpDuration: new Histogram({ name: 'console_http_request_duration_seconds', help: 'Time from a request to its answer, by method and route template.', labelNames: ['method', 'route'], buckets: SECONDS, registers }),
    httpInFlight: new Gauge({ name: 'console_http_requests_in_flight', help: 'Requests being answered now.', registers }),
    forwarded: new Counter({
      name: 'console_forwarded_calls_total',
      help: "Calls to an environment's Order Service (the browser's, forwarded, and the server's own), by environment, operation and outcome.",
      labelNames: ['environment', 'operation', 'outcome'],
      registers,
    }),
    forwardedDuration: new Histogram({ name: 'console_forwarded_call_duration_seconds', help: "Time an environment's Order Service took to answer, by environment and operation.", labelNames: ['environment', 'operation'], buckets: SECONDS, registers }),
    refunds: new Counter({
      name: 'console_refunds_total',
      help: 'Refunds this process sent or tried to send, by environment, path (direct, approval, bulk) and outcome (sent, refused, failed, unknown, retry_later).',
      labelNames: ['environment', 'path', 'outcome'],
      registers,
    }),
    approvalTransitions: new Counter({
      name: 'console_approval_transitions_total',
      help: 'Approval requests (kind refund or batch) entering a state (pending, approved, rejected, withdrawn, expired, sent, failed, unknown).',
      labelNames: ['environment', 'kind', 'state'],
      registers,
    }),
    approvalsOpen: new Gauge({ name: 'console_approvals_open', help: 'Approval requests not decided or not settled yet, read at scrape, by environment, kind and state.', labelNames: ['environment', 'kind', 'state'], registers }),
    bulkRows: new Counter({ name: 'console_bulk_rows_total', help: 'Bulk refund rows this process settled, by environment and outcome (refunded, refused, skipped, unknown).', labelNames: ['environment', 'outcome'], registers }),
    auditAppends: new Counter({ name: 'console_audit_appends_total', help: 'Audit rows appended by this process, by outcome (ok, error).', labelNames: ['outcome'], registers }),
    auditAppendDuration: new Histogram({ name: 'console_audit_append_duration_seconds', help: 'Time one audit append took (the chain lock, the head, the insert and its commit).', buckets: SECONDS, registers }),
    signIns: new Counter({ name: 'console_sign_ins_total', help: 'Successful sign-ins.', registers }),
    signInFailures: new Counter({
      name: 'console_sign_in_failures_total',
      help: 'Refused sign-ins, by reason (wrong_password, unknown_user, disabled, throttled, locked, other).',
      labelNames: ['reason'],
      registers,
    }),
    sessions: new Gauge({ name: 'console_sessions_active', help: 'Sessions not expired, read at scrape.', registers }),
    poolConnections: new Gauge({ name: 'console_db_pool_connections', help: 'PostgreSQL pool connections of this process, by database (console, sandbox) and state (total, idle, waiting).', labelNames: ['database', 'state'], registers }),
    poolMax: new Gauge({ name: 'console_db_pool_max', help: 'The most connections the pool may open, by database.', labelNames: ['database'], registers }),
    ready: new Gauge({ name: 'console_ready', help: '1 when the last readiness check found the console database reachable and the process not stopping.', registers }),
    dependencyUp: new Gauge({ name: 'console_dependency_up', help: '1 when the dependency answered the last readiness check (database, sandbox, environment:<id>).', labelNames: ['dependency'], registers }),
    notifications: new Counter({
      name: 'console_notifications_total',
      help: 'Webhook notifications, by outcome (delivered, failed: an attempt that will be retried, gave_up, skipped: settled before it was sent).',
      labelNames: ['outcome'],
      registers,
    }),
    notifyPending: new Gauge({ name: 'console_notify_outbox_pending', help: 'Notifications waiting in the outbox to be delivered, read at scrape.', registers }),
    notifyOldest: new Gauge({ name: 'console_notify_outbox_oldest_seconds', help: 'Age of the oldest notification still waiting in the outbox, read at scrape.', registers }),
    sinkRecords: new Counter({ name: 'console_audit_sink_records_total', help: 'Records written to CONSOLE_AUDIT_SINK by this process, by type (row, checkpoint).', labelNames: ['type'], registers }),
    sinkErrors: new Counter({ name: 'console_audit_sink_errors_total', help: 'Failed writes to CONSOLE_AUDIT_SINK (each is retried from the last position delivered).', registers }),
    sinkDelivered: new Gauge({ name: 'console_audit_sink_delivered_seq', help: 'The last audit row the sink confirmed, read at scrape.', registers }),
    sinkLag: new Gauge({ name: 'console_audit_sink_lag_rows', help: 'Audit rows committed but not yet delivered to CONSOLE_AUDIT_SINK, read at scrape.', registers }),
    /** Adds what a scrape reads (database counts): run, bounded, before each answer of /metrics. */
    onScrape(reader: ScrapeReader) {
      readers.push(reader);
    },
    /** The text a scrape gets; what cannot be read now (a database down) keeps its last value. */
    async render(): Promise<string> {
      await Promise.all(readers.map((read) => read().catch(() => undefined)));
      return registry.metrics();
    },
  };
  return metrics;
}

export type ConsoleMetrics = ReturnType<typeof createConsoleMetrics>;
