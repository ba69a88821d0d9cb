import { isAbsolute } from 'node:path';
import { DEFAULT_BULK_POLL_MS } from '../bulk-runs/bulk-runner-settings.ts';
import { parseDuration } from '../durations.ts';
import type { LogFormat, LogLevel } from './logger.ts';
import { isLogLevel } from './logger.ts';

// How the console runs as a service: its log, its metrics, and the lease of a bulk run
// (how soon another process takes over the run of one that was killed). Each setting refused at
// start with one line naming it, as the server's other settings are (config.ts, team-config.ts).

export class OpsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsConfigError';
  }
}

export interface OpsConfig {
  logFormat: LogFormat;
  logLevel: LogLevel;
  /** CONSOLE_METRICS_TOKEN: /metrics answers with it as a bearer token. */
  metricsToken: string | null;
  /** CONSOLE_METRICS_PORT: /metrics (with /healthz and /readyz) on a listener of its own. */
  metricsPort: number | null;
  /** CONSOLE_BULK_LEASE: how long a process holds a bulk run it sends before another may take it over. */
  bulkLeaseMs: number | null;
  /** CONSOLE_AUDIT_SINK (team mode): where every audit row is streamed as well. */
  auditSink: AuditSinkTarget | null;
}

export type AuditSinkTarget = { kind: 'file'; path: string; rotateBytes: number } | { kind: 'syslog'; host: string; port: number };

type Env = Readonly<Record<string, string | undefined>>;

const MIN_METRICS_TOKEN = 24;
const MIN_BULK_LEASE_MS = 5_000;

const text = (env: Env, name: string) => env[name]?.trim() || undefined;

/** `team`: a team console writes JSON lines by default (a service); a personal one plain lines (a person's terminal). */
export function readOpsConfig(env: Env, options: { team: boolean; port: number }): OpsConfig {
  const format = text(env, 'LOG_FORMAT') ?? (options.team ? 'json' : 'pretty');
  if (format !== 'json' && format !== 'pretty') throw new OpsConfigError(`LOG_FORMAT must be "json" or "pretty", got "${format}"`);
  const level = text(env, 'LOG_LEVEL') ?? 'info';
  if (!isLogLevel(level)) throw new OpsConfigError(`LOG_LEVEL must be one of trace, debug, info, warn, error, fatal, silent; got "${level}"`);

  const token = text(env, 'CONSOLE_METRICS_TOKEN') ?? null;
  if (token !== null && (token.length < MIN_METRICS_TOKEN || /\s/.test(token))) {
    throw new OpsConfigError(`CONSOLE_METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN} characters without spaces (openssl rand -hex 24 prints one)`);
  }
  const portText = text(env, 'CONSOLE_METRICS_PORT');
  let metricsPort: number | null = null;
  if (portText !== undefined) {
    if (!/^[0-9]{1,5}$/.test(portText) || Number(portText) < 1 || Number(portText) > 65_535) throw new OpsConfigError(`CONSOLE_METRICS_PORT must be a port number (1-65535), got "${portText}"`);
    metricsPort = Number(portText);
    if (metricsPort === options.port) throw new OpsConfigError('CONSOLE_METRICS_PORT must differ from PORT (without it, /metrics is on PORT with CONSOLE_METRICS_TOKEN)');
  }

  const leaseText = text(env, 'CONSOLE_BULK_LEASE');
  let bulkLeaseMs: number | null = null;
  if (leaseText !== undefined) {
    bulkLeaseMs = parseDuration(leaseText);
    if (bulkLeaseMs === null || bulkLeaseMs < MIN_BULK_LEASE_MS) throw new OpsConfigError(`CONSOLE_BULK_LEASE must be a duration of at least 5s (such as 10s or 1m), got "${leaseText}"`);
  }
  if (!options.team && text(env, 'CONSOLE_NOTIFY_WEBHOOK') !== undefined) throw new OpsConfigError('CONSOLE_NOTIFY_WEBHOOK tells approvers of team mode: set CONSOLE_AUTH too');
  return { logFormat: format, logLevel: level, metricsToken: token, metricsPort, bulkLeaseMs, auditSink: readAuditSink(env, options.team) };
}

const DEFAULT_ROTATE_MB = 100;

function readAuditSink(env: Env, team: boolean): AuditSinkTarget | null {
  const sink = text(env, 'CONSOLE_AUDIT_SINK');
  if (sink === undefined) return null;
  if (!team) throw new OpsConfigError('CONSOLE_AUDIT_SINK streams the audit log of team mode: set CONSOLE_AUTH too');
  if (sink.startsWith('file:')) {
    const path = sink.slice('file:'.length);
    if (!isAbsolute(path)) throw new OpsConfigError(`CONSOLE_AUDIT_SINK: a file is written file:/absolute/path.jsonl, got "${sink}"`);
    const mbText = text(env, 'CONSOLE_AUDIT_SINK_ROTATE_MB') ?? String(DEFAULT_ROTATE_MB);
    if (!/^[1-9][0-9]{0,5}$/.test(mbText)) throw new OpsConfigError(`CONSOLE_AUDIT_SINK_ROTATE_MB must be a whole number of megabytes, got "${mbText}"`);
    return { kind: 'file', path, rotateBytes: Number(mbText) * 1024 * 1024 };
  }
  const url = URL.canParse(sink) ? new URL(sink) : null;
  if (url?.protocol === 'syslog+tcp:' && url.hostname !== '' && url.pathname === '' && url.username === '') {
    const port = url.port === '' ? 514 : Number(url.port);
    return { kind: 'syslog', host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
  }
  throw new OpsConfigError(`CONSOLE_AUDIT_SINK must be file:/absolute/path.jsonl or syslog+tcp://host:port, got "${sink}"`);
}

/** The bulk runner's lease and how often it looks for runs to take over: a quarter of the lease, never less often than by default. */
export function bulkLeaseSettings(leaseMs: number): { leaseMs: number; pollMs: number } {
  return { leaseMs, pollMs: Math.min(DEFAULT_BULK_POLL_MS, Math.max(1_000, Math.floor(leaseMs / 4))) };
}
