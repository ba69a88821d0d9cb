import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import { DEFAULT_TOKEN } from './auth.ts';
import { DEFAULT_POOL_SIZE } from '../db/store-db-postgres.ts';
import { isDatabaseUrl } from '../db/store-open.ts';

// docs/decisions.md D8 and D15: the environment the console's server (src/server/main.ts) runs the sandbox with.

export const DEFAULT_DB = '.data/sandbox';

export interface SandboxConfig {
  port: number;
  host: string;
  /** A data directory, ':memory:', or (SANDBOX_DATABASE_URL) a postgres:// URL. */
  db: string;
  /** Connections to a PostgreSQL server this process keeps at most (SANDBOX_DATABASE_POOL). */
  poolSize: number;
  tokens: string[];
  /** True when no SANDBOX_TOKENS was given: only then may the token be printed. */
  defaultToken: boolean;
  arrayErrors: ArrayErrorShape;
  orderServiceUrl: string | undefined;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOOPBACK = /^(127\.[0-9.]+|::1|localhost)$/i;

function readStore(env: Readonly<Record<string, string | undefined>>): { db: string; poolSize: number } {
  const url = env['SANDBOX_DATABASE_URL']?.trim() || undefined;
  const dir = env['SANDBOX_DB']?.trim() || undefined;
  const poolText = env['SANDBOX_DATABASE_POOL']?.trim() || String(DEFAULT_POOL_SIZE);
  if (!/^[0-9]{1,3}$/.test(poolText) || Number(poolText) < 1 || Number(poolText) > 100) {
    throw new ConfigError(`SANDBOX_DATABASE_POOL must be a number of connections (1-100), got "${poolText}"`);
  }
  if (url === undefined) return { db: dir ?? DEFAULT_DB, poolSize: Number(poolText) };
  if (dir !== undefined) throw new ConfigError('set SANDBOX_DB (an embedded database) or SANDBOX_DATABASE_URL (a PostgreSQL server), not both');
  if (!isDatabaseUrl(url)) throw new ConfigError('SANDBOX_DATABASE_URL must be a postgres:// (or postgresql://) URL');
  return { db: url, poolSize: Number(poolText) };
}

export function readConfig(env: Readonly<Record<string, string | undefined>>): SandboxConfig {
  const portText = env['PORT']?.trim() || '8080';
  if (!/^[0-9]{1,5}$/.test(portText) || Number.parseInt(portText, 10) > 65_535) {
    throw new ConfigError(`PORT must be a port number (0-65535), got "${portText}"`);
  }
  const tokensText = env['SANDBOX_TOKENS'];
  const tokens = tokensText === undefined ? [DEFAULT_TOKEN] : tokensText.split(',').map((t) => t.trim()).filter((t) => t !== '');
  if (tokens.length === 0) throw new ConfigError('SANDBOX_TOKENS is set but names no token (comma-separated list expected)');
  if (tokens.some((t) => /\s/.test(t))) throw new ConfigError('SANDBOX_TOKENS: a token must not contain spaces');
  const shapeText = env['SANDBOX_ARRAY_ERRORS']?.trim() || 'list';
  if (shapeText !== 'list' && shapeText !== 'index') {
    throw new ConfigError(`SANDBOX_ARRAY_ERRORS must be "list" or "index", got "${shapeText}"`);
  }
  const serviceUrl = env['ORDER_SERVICE_URL']?.trim() || undefined;
  if (serviceUrl !== undefined && !/^https?:\/\/[^/]/i.test(serviceUrl)) {
    throw new ConfigError('ORDER_SERVICE_URL must be an absolute http(s) URL');
  }
  const host = env['HOST']?.trim() || '127.0.0.1';
  // The development token is public: a sandbox others can reach needs tokens of its own (D8). Behind
  // ORDER_SERVICE_URL the sandbox routes are off and tokens are the real service's.
  if (tokensText === undefined && serviceUrl === undefined && !LOOPBACK.test(host)) {
    throw new ConfigError(`HOST=${host} listens beyond this machine: set SANDBOX_TOKENS to tokens of your own (the development token ${DEFAULT_TOKEN} is public)`);
  }
  return {
    port: Number.parseInt(portText, 10),
    host,
    ...readStore(env),
    tokens,
    defaultToken: tokensText === undefined,
    arrayErrors: shapeText,
    orderServiceUrl: serviceUrl,
  };
}

/** The service URL without user info or query, for a log line. */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}
