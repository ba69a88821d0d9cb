import type { Database } from '../../db/store-db.ts';
import type { Background } from '../background.ts';
import type { TeamEnvironment } from '../team-config.ts';
import type { AuditStream } from './audit-stream/audit-stream.ts';
import { startAuditStream } from './audit-stream/audit-stream.ts';
import { fileTarget } from './audit-stream/file-target.ts';
import { syslogTarget } from './audit-stream/syslog-target.ts';
import type { Logger } from './logger.ts';
import type { ConsoleMetrics } from './metrics.ts';
import type { NotifyConfig } from './notify/notify-config.ts';
import { startNotifier } from './notify/notify-worker.ts';
import type { AuditSinkTarget } from './ops-config.ts';

// The team console's readers of its audit log, run as the server's background work (stopped
// and awaited before its database closes): the audit sink (CONSOLE_AUDIT_SINK) and the notifier
// (CONSOLE_NOTIFY_WEBHOOK). Both are told when this process appends a row, so it goes out at once;
// rows other processes append are found within a second.

export interface OpsWorkers {
  /** The audit stream, when CONSOLE_AUDIT_SINK is set (the chain's checkpoints go there too). */
  stream: AuditStream | null;
  /** A row was appended in this process. */
  appended(): void;
}

export interface OpsWorkersOptions {
  db: Database;
  environments: readonly TeamEnvironment[];
  auditSink: AuditSinkTarget | null;
  notify: NotifyConfig | null;
  background: Background;
  logger: Logger;
  metrics: ConsoleMetrics;
}

export function startOpsWorkers(options: OpsWorkersOptions): OpsWorkers {
  const { auditSink } = options;
  const target = auditSink === null ? null : auditSink.kind === 'file' ? fileTarget(auditSink.path, auditSink.rotateBytes) : syslogTarget(auditSink.host, auditSink.port);
  const stream = target === null ? null : startAuditStream({ db: options.db, target, background: options.background, logger: options.logger, metrics: options.metrics });
  const notifier = options.notify === null ? null : startNotifier({ db: options.db, config: options.notify, environments: options.environments, background: options.background, logger: options.logger, metrics: options.metrics });
  return {
    stream,
    appended() {
      stream?.wake();
      notifier?.wake();
    },
  };
}
