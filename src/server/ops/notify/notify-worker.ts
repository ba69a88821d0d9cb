import type { Database } from '../../../db/store-db.ts';
import type { Background } from '../../background.ts';
import type { TeamEnvironment } from '../../team-config.ts';
import { startAuditReader } from '../audit-reader.ts';
import type { Logger } from '../logger.ts';
import type { ConsoleMetrics } from '../metrics.ts';
import type { NotifyConfig } from './notify-config.ts';
import { deliveryRequest } from './notify-format.ts';
import { messagesOf } from './notify-messages.ts';
import type { Due } from './notify-outbox.ts';
import { enqueue, failed, settle, stillUnknown, takeDue, waiting } from './notify-outbox.ts';

// People told when something waits. Never in the way of the action: the approval or the
// batch is decided and audited as ever; this reads the audit log afterwards (audit-reader.ts, one
// process at a time, from where it got to), puts each notification in the outbox, and every process
// delivers what is due from there, each message retried on its own until delivered or given up. A
// restart loses nothing: the outbox and the reader's position are in the database.

const BATCH = 10;
const POLL_MS = 1_000;
const SEND_TIMEOUT_MS = 10_000;

export interface Notifier {
  /** A row was appended in this process: look at it now. */
  wake(): void;
}

export interface NotifierOptions {
  db: Database;
  config: NotifyConfig;
  environments: readonly TeamEnvironment[];
  background: Background;
  logger: Logger;
  metrics: ConsoleMetrics;
  pollMs?: number;
}

/** The webhook's host, for a log line: its path is the credential. */
const hostOf = (url: string) => new URL(url).host;

export function startNotifier(options: NotifierOptions): Notifier {
  const { db, config, background, logger, metrics } = options;
  const pollMs = options.pollMs ?? POLL_MS;
  let drainWake: (() => void) | null = null;

  const reader = startAuditReader({
    db,
    reader: 'notify',
    startAt: 'head',
    background,
    logger,
    idleMs: pollMs,
    async deliver(rows) {
      let added = 0;
      for (const row of rows) {
        const entries = await messagesOf(db, row, { origin: config.origin, environments: options.environments, notified: (environment) => config.webhookOf(environment) !== null });
        added += await enqueue(db, entries);
      }
      if (added > 0) drainWake?.();
    },
  });

  const deliverOne = async (due: Due): Promise<void> => {
    const url = config.webhookOf(due.environment);
    if (url === null || (due.recheck_approval !== null && !(await stillUnknown(db, due.recheck_approval)))) {
      await settle(db, due.id, 'skipped');
      metrics.notifications.inc({ outcome: 'skipped' });
      return;
    }
    const { headers, body } = deliveryRequest(config, due.id, due.message);
    let problem: string;
    try {
      const answer = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      await answer.body?.cancel();
      if (answer.status >= 200 && answer.status < 300) {
        await settle(db, due.id, 'delivered');
        metrics.notifications.inc({ outcome: 'delivered' });
        return;
      }
      problem = `the webhook at ${hostOf(url)} answered HTTP ${answer.status}`;
    } catch (error) {
      problem = `the webhook at ${hostOf(url)} could not be reached (${error instanceof Error ? error.name : 'error'})`;
    }
    const outcome = await failed(db, due, problem, config.retryMs);
    metrics.notifications.inc({ outcome });
    logger.warn({ notification: due.id, event: due.message.event, attempts: due.attempts, outcome }, `notification ${due.id} (${due.message.event}): ${problem}; ${outcome === 'gave_up' ? 'given up' : 'will be tried again'}`);
  };

  const drain = async () => {
    let failures = 0;
    while (!background.signal.aborted) {
      let more = false;
      try {
        const due = await takeDue(db, BATCH);
        await Promise.all(due.map(deliverOne));
        more = due.length === BATCH;
        failures = 0;
      } catch (error) {
        failures += 1;
        logger.warn({ err: error }, `notifications: the outbox could not be read (${error instanceof Error ? error.message : String(error)}); trying again`);
      }
      if (more) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          background.signal.removeEventListener('abort', done);
          drainWake = null;
          resolve();
        };
        const timer = setTimeout(done, failures === 0 ? pollMs : Math.min(30_000, pollMs * 2 ** failures));
        drainWake = done;
        background.signal.addEventListener('abort', done, { once: true });
      });
    }
  };
  background.track(drain());

  metrics.onScrape(async () => {
    const { count, oldestSeconds } = await waiting(db);
    metrics.notifyPending.set(count);
    metrics.notifyOldest.set(oldestSeconds);
  });
  return { wake: () => reader.wake() };
}
