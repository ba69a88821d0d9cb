import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ENVIRONMENT_ID_PATTERN } from '../contract/grants.ts';
import { answeredAmount } from '../contract/fields.ts';
import type { BulkRunnerSettings } from './bulk-runs/bulk-runner-settings.ts';
import type { TrustedProxies } from './client-address.ts';
import { trustedProxies } from './client-address.ts';
import type { Role } from '../contract/permissions.ts';
import type { SecretKey } from './accounts/secret-key.ts';
import { parseMfaRequiredFor } from './accounts/mfa-policy.ts';
import type { AuditKey } from './audit/audit-key.ts';
import { besideConsoleDb } from './key-file.ts';
import { parseDuration } from './durations.ts';

// docs/decisions.md D16: CONSOLE_AUTH turns team mode on; unset, the console is today's personal tool.
// Environments are server configuration (CONSOLE_ENVIRONMENTS): the token of each is read from the
// variable its `token_env` names, never from the file, and a missing one stops the start with one
// line naming it. The embedded sandbox is the environment `sandbox`.

export const SANDBOX_ENVIRONMENT_ID = 'sandbox';
export const DEFAULT_CONSOLE_DB = '.data/console';
const DEFAULT_IDLE = '15m';
const DEFAULT_MAX = '12h';
const DEFAULT_APPROVAL_TTL = '24h';
const DEFAULT_APPROVAL_WINDOW = '24h';

export class TeamConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TeamConfigError';
  }
}

const environmentEntry = z
  .object({
    id: z.string().regex(ENVIRONMENT_ID_PATTERN, 'lower-case letters, digits and dashes, at most 40'),
    name: z.string().trim().min(1).max(60),
    base_url: z
      .string()
      .regex(/^https?:\/\/[^/]/, 'an absolute http(s) URL')
      .optional(),
    token_env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'the name of an environment variable')
      .optional(),
    production: z.boolean(),
    approval_threshold: answeredAmount('approval_threshold').optional(),
    service_refunds: z.enum(['direct', 'approval']).optional(),
    // The variable holding this environment's webhook for notifications (a webhook's URL is a secret too).
    notify_webhook_env: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'the name of an environment variable')
      .optional(),
    approval_daily_limit: answeredAmount('approval_daily_limit').optional(),
  })
  .strict();
const environmentsFile = z.array(environmentEntry).max(50);

export interface TeamEnvironment {
  id: string;
  name: string;
  production: boolean;
  approvalThreshold: string | null;
  /**
   * A service account's refunds through the gateway: `approval` (the default) refuses one over the
   * approval threshold with 403 approval_required (a machine cannot wait for a person); `direct` sends it.
   */
  serviceRefunds?: 'direct' | 'approval';
  /** One person's refunds without approval within 24 hours beyond this wait for approval too; null (or absent): no such limit. */
  approvalDailyLimit?: string | null;
  /** The embedded sandbox (answered in-process), or an Order Service over HTTP. */
  target: { kind: 'sandbox' } | { kind: 'http'; baseUrl: string; token: string };
  /** This environment's notifications go here instead of CONSOLE_NOTIFY_WEBHOOK (read from `notify_webhook_env`). */
  notifyWebhook?: string;
}

export interface TeamConfig {
  auth: 'local' | 'oidc';
  /** A data directory, ':memory:' or a postgres:// URL. */
  db: string;
  environments: TeamEnvironment[];
  idleMs: number;
  maxMs: number;
  /**
   * The console's public origin (CONSOLE_ORIGIN, e.g. https://console.example.com, else PUBLIC_URL's):
   * state-changing requests must come from it, and under https the cookie is Secure and `__Host-`
   * prefixed. Unset: the origin each request was addressed to (https when a trusted proxy says so).
   */
  origin: string | null;
  /**
   * CONSOLE_TRUSTED_PROXIES: the reverse proxies in front of the console (addresses or CIDRs). Only
   * from these is X-Forwarded-For read (the client's address) and X-Forwarded-Proto (https). Absent: none.
   */
  trustedProxies?: TrustedProxies;
  /** D17: CONSOLE_APPROVAL_TTL (default 24h), how long a refund request waits for an approver. */
  approvalTtlMs?: number;
  /** CONSOLE_APPROVAL_WINDOW (default 24h): the threshold applies to what an order's refunds add up to within it. */
  approvalWindowMs?: number;
  /** D17: how long a process holds a refund it is sending before another may resolve it (tests shorten it). */
  approvalLeaseMs?: number;
  /** CONSOLE_INDEX_REFRESH: the order index refresher's reads a second per environment (default 1; 0: off). */
  indexRefreshPerSecond?: number;
  /** how the server runs bulk refunds (bulk-runner.ts); absent, its defaults (2 refunds a second). Tests make it faster. */
  bulkRuns?: BulkRunnerSettings;
  /**
   * CONSOLE_MFA_REQUIRED_FOR (docs/accounts.md): the roles that must have a second factor with local
   * sign-in. readTeamConfig always sets it (default approver and admin); absent, a configuration made by
   * hand (tests) requires none.
   */
  mfaRequiredFor?: readonly Role[];
  /** The key second factors are sealed under (accounts/secret-key.ts serverSecretKey); absent, startServer finds one as main does without variables. */
  secretKey?: SecretKey;
  /** The key the audit chain is made under (audit/audit-key.ts serverAuditKey); absent, startServer finds one as main does without variables. */
  auditKey?: AuditKey;
  /** CONSOLE_AUDIT_CHECKPOINT_FILE: where the signed head is written every minute; default beside the console database, none for one in memory. */
  auditCheckpointFile?: string | null;
}

type Env = Readonly<Record<string, string | undefined>>;

function duration(env: Env, name: string, fallback: string): number {
  const text = env[name]?.trim() || fallback;
  const ms = parseDuration(text);
  if (ms === null) throw new TeamConfigError(`${name} must be a duration such as 30s, 15m or 12h, got "${text}"`);
  return ms;
}

type EnvironmentEntry = z.infer<typeof environmentEntry>;

/** CONSOLE_ENVIRONMENTS' entries, checked, or none when it is unset. */
function readEnvironmentEntries(env: Env): EnvironmentEntry[] {
  const path = env['CONSOLE_ENVIRONMENTS']?.trim() || undefined;
  if (path === undefined) return [];
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new TeamConfigError(`CONSOLE_ENVIRONMENTS: cannot read ${path} (${error instanceof Error ? error.message : String(error)})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TeamConfigError(`CONSOLE_ENVIRONMENTS: ${path} is not JSON`);
  }
  const parsed = environmentsFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TeamConfigError(`CONSOLE_ENVIRONMENTS: ${path}: ${issue === undefined ? 'invalid' : `${issue.path.join('.') || '(list)'}: ${issue.message}`}`);
  }
  return parsed.data;
}

/**
 * The ids of the environments a server started with `env` has, without reading their tokens (npm run
 * users checks grants against them where the tokens are not set): the embedded sandbox unless
 * ORDER_SERVICE_URL is set, and the file's entries.
 */
export function environmentIds(env: Env): string[] {
  const ids = readEnvironmentEntries(env).map((entry) => entry.id);
  const hasSandbox = (env['ORDER_SERVICE_URL']?.trim() ?? '') === '';
  return [...new Set([...(hasSandbox ? [SANDBOX_ENVIRONMENT_ID] : []), ...ids])];
}

/** The webhook URL of an entry's `notify_webhook_env` (checked with the other notification settings: ops/notify/notify-config.ts). */
function notifyWebhookOf(env: Env, entry: EnvironmentEntry): { notifyWebhook?: string } {
  if (entry.notify_webhook_env === undefined) return {};
  const url = env[entry.notify_webhook_env]?.trim() ?? '';
  if (url === '') throw new TeamConfigError(`the environment "${entry.id}" names notify_webhook_env ${entry.notify_webhook_env}, but that variable is not set`);
  return { notifyWebhook: url };
}

function readEnvironments(env: Env, hasSandbox: boolean): TeamEnvironment[] {
  const entries = readEnvironmentEntries(env);
  const seen = new Set<string>();
  const environments: TeamEnvironment[] = [];
  let sandboxEntry: EnvironmentEntry | undefined;
  for (const entry of entries) {
    if (seen.has(entry.id)) throw new TeamConfigError(`CONSOLE_ENVIRONMENTS: the id "${entry.id}" is listed twice`);
    seen.add(entry.id);
    const common = {
      id: entry.id,
      name: entry.name,
      production: entry.production,
      approvalThreshold: entry.approval_threshold ?? null,
      approvalDailyLimit: entry.approval_daily_limit ?? null,
      ...(entry.service_refunds !== undefined && { serviceRefunds: entry.service_refunds }),
      ...notifyWebhookOf(env, entry),
    };
    if (entry.id === SANDBOX_ENVIRONMENT_ID) {
      if (entry.base_url !== undefined || entry.token_env !== undefined) {
        throw new TeamConfigError('CONSOLE_ENVIRONMENTS: the entry "sandbox" is the embedded sandbox: it takes no base_url or token_env');
      }
      sandboxEntry = entry;
      continue;
    }
    if (entry.base_url === undefined || entry.token_env === undefined) {
      throw new TeamConfigError(`CONSOLE_ENVIRONMENTS: the environment "${entry.id}" needs base_url and token_env`);
    }
    const token = env[entry.token_env];
    if (token === undefined || token.trim() === '') {
      throw new TeamConfigError(`the environment "${entry.id}" names token_env ${entry.token_env}, but that variable is not set`);
    }
    if (/\s/.test(token.trim())) throw new TeamConfigError(`${entry.token_env}: a token must not contain spaces`);
    environments.push({ ...common, target: { kind: 'http', baseUrl: entry.base_url.replace(/\/+$/, ''), token: token.trim() } });
  }
  if (hasSandbox) {
    environments.unshift({
      id: SANDBOX_ENVIRONMENT_ID,
      name: sandboxEntry?.name ?? 'Sandbox',
      production: sandboxEntry?.production ?? false,
      approvalThreshold: sandboxEntry?.approval_threshold ?? null,
      ...(sandboxEntry?.service_refunds !== undefined && { serviceRefunds: sandboxEntry.service_refunds }),
      ...(sandboxEntry?.approval_daily_limit !== undefined && { approvalDailyLimit: sandboxEntry.approval_daily_limit }),
      target: { kind: 'sandbox' },
      ...(sandboxEntry === undefined ? {} : notifyWebhookOf(env, sandboxEntry)),
    });
  } else if (sandboxEntry !== undefined) {
    throw new TeamConfigError('CONSOLE_ENVIRONMENTS lists "sandbox", but this process runs no sandbox (ORDER_SERVICE_URL is set)');
  }
  if (environments.length === 0) throw new TeamConfigError('CONSOLE_ENVIRONMENTS names no environment');
  return environments;
}

/** Where the console's database is (CONSOLE_DATABASE_URL or CONSOLE_DB): the server and npm run audit read it alike. */
export function consoleDbLocation(env: Env): string {
  const url = env['CONSOLE_DATABASE_URL']?.trim() || undefined;
  const dir = env['CONSOLE_DB']?.trim() || undefined;
  if (url !== undefined && dir !== undefined) throw new TeamConfigError('set CONSOLE_DB (an embedded database) or CONSOLE_DATABASE_URL (a PostgreSQL server), not both');
  if (url !== undefined && !/^postgres(ql)?:\/\//i.test(url)) throw new TeamConfigError('CONSOLE_DATABASE_URL must be a postgres:// (or postgresql://) URL');
  return url ?? dir ?? DEFAULT_CONSOLE_DB;
}

function readTrustedProxies(env: Env): TrustedProxies | null {
  const entries = (env['CONSOLE_TRUSTED_PROXIES'] ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  if (entries.length === 0) return null;
  try {
    return trustedProxies(entries);
  } catch (error) {
    throw new TeamConfigError(`CONSOLE_TRUSTED_PROXIES: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The checkpoint file's default place: beside the console database (`.data/console.audit-checkpoint.json`). */
export const auditCheckpointBeside = (consoleDb: string) => besideConsoleDb(consoleDb, '.audit-checkpoint.json');

/** CONSOLE_INDEX_REFRESH: reads a second per environment, a number from 0 (off) to 100; default 1. */
export function readIndexRefresh(env: Env): number {
  const text = env['CONSOLE_INDEX_REFRESH']?.trim() || '1';
  const value = /^[0-9]{1,3}(?:\.[0-9]{1,3})?$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 0 && value <= 100)) throw new TeamConfigError(`CONSOLE_INDEX_REFRESH must be reads a second per environment, from 0 (off) to 100, such as 1 or 0.2; got "${text}"`);
  return value;
}

/** Team mode's configuration, or null for personal mode (CONSOLE_AUTH unset). */
export function readTeamConfig(env: Env, options: { hasSandbox: boolean }): TeamConfig | null {
  const auth = env['CONSOLE_AUTH']?.trim() || undefined;
  if (auth === undefined) return null;
  if (auth !== 'local' && auth !== 'oidc') throw new TeamConfigError(`CONSOLE_AUTH must be "local" or "oidc", got "${auth}"`);
  const db = consoleDbLocation(env);
  const idleMs = duration(env, 'CONSOLE_SESSION_IDLE', DEFAULT_IDLE);
  const maxMs = duration(env, 'CONSOLE_SESSION_MAX', DEFAULT_MAX);
  if (idleMs > maxMs) throw new TeamConfigError('CONSOLE_SESSION_IDLE must not be longer than CONSOLE_SESSION_MAX');
  const originText = env['CONSOLE_ORIGIN']?.trim() || undefined;
  let origin: string | null = null;
  if (originText !== undefined) {
    const parsed = URL.canParse(originText) ? new URL(originText) : null;
    if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.origin !== originText.replace(/\/$/, '')) {
      throw new TeamConfigError(`CONSOLE_ORIGIN must be an origin such as https://console.example.com, got "${originText}"`);
    }
    origin = parsed.origin;
  }
  // PUBLIC_URL, the address people open (the server's own setting, checked by its config), stands in.
  const publicUrl = env['PUBLIC_URL']?.trim() || undefined;
  if (origin === null && publicUrl !== undefined && URL.canParse(publicUrl) && /^https?:$/.test(new URL(publicUrl).protocol)) origin = new URL(publicUrl).origin;
  const approvalTtlMs = duration(env, 'CONSOLE_APPROVAL_TTL', DEFAULT_APPROVAL_TTL);
  const approvalWindowMs = duration(env, 'CONSOLE_APPROVAL_WINDOW', DEFAULT_APPROVAL_WINDOW);
  const proxies = readTrustedProxies(env);
  const auditCheckpointFile = env['CONSOLE_AUDIT_CHECKPOINT_FILE']?.trim() || auditCheckpointBeside(db);
  const indexRefreshPerSecond = readIndexRefresh(env);
  const mfa = parseMfaRequiredFor(env['CONSOLE_MFA_REQUIRED_FOR']);
  if ('unknown' in mfa) throw new TeamConfigError(`CONSOLE_MFA_REQUIRED_FOR: "${mfa.unknown}" is not a role: give roles (viewer, agent, approver, admin), all or none`);
  return {
    auth,
    db,
    environments: readEnvironments(env, options.hasSandbox),
    idleMs,
    maxMs,
    origin,
    approvalTtlMs,
    approvalWindowMs,
    auditCheckpointFile,
    indexRefreshPerSecond,
    mfaRequiredFor: mfa.roles,
    ...(proxies !== null && { trustedProxies: proxies }),
  };
}
