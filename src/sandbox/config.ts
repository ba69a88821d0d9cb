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
  /** PUBLIC_URL: the address people open; links the server writes start with it (issue 23 #10). */
  publicUrl: string | undefined;
  /** ALLOWED_HOSTS: host names answered to besides the loopback names and PUBLIC_URL's. */
  allowedHosts: string[];
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOOPBACK = /^(127\.[0-9.]+|::1|localhost)$/i;
export const MIN_TOKEN_LENGTH = 32;
const MIN_DISTINCT_CHARACTERS = 10;

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
  // Issue 23 #4: a token others can reach must not be guessable. Length and a spread of characters
  // are what can be checked; the README's generator gives 48 random hex digits.
  const weak = tokens.find((t) => t.length < MIN_TOKEN_LENGTH || new Set(t).size < MIN_DISTINCT_CHARACTERS);
  if (serviceUrl === undefined && !LOOPBACK.test(host) && weak !== undefined) {
    throw new ConfigError(
      `HOST=${host} listens beyond this machine: every SANDBOX_TOKENS token must be at least ${MIN_TOKEN_LENGTH} random characters (one is ${weak.length} long); generate one with: openssl rand -hex 24`,
    );
  }
  const { publicUrl, allowedHosts } = readHosts(env);
  // Only configured host names are answered (issue 23 #10): beyond loopback, which ones must be said.
  if (!LOOPBACK.test(host) && publicUrl === undefined && allowedHosts.length === 0) {
    throw new ConfigError(`HOST=${host} listens beyond this machine: set PUBLIC_URL (the address people open, e.g. https://sandbox.example.com) or ALLOWED_HOSTS (host names to answer to)`);
  }
  return {
    port: Number.parseInt(portText, 10),
    host,
    ...readStore(env),
    tokens,
    defaultToken: tokensText === undefined,
    arrayErrors: shapeText,
    orderServiceUrl: serviceUrl,
    publicUrl,
    allowedHosts,
  };
}

function readHosts(env: Readonly<Record<string, string | undefined>>): { publicUrl: string | undefined; allowedHosts: string[] } {
  const publicText = env['PUBLIC_URL']?.trim() || undefined;
  let publicUrl: string | undefined;
  if (publicText !== undefined) {
    let parsed: URL | null;
    try {
      parsed = new URL(publicText);
    } catch {
      parsed = null;
    }
    if (parsed === null || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username !== '' || parsed.password !== '') {
      throw new ConfigError(`PUBLIC_URL must be an http(s) URL without user info, e.g. https://sandbox.example.com, got "${publicText}"`);
    }
    publicUrl = parsed.origin;
  }
  const allowedHosts = (env['ALLOWED_HOSTS'] ?? '').split(',').map((h) => h.trim().toLowerCase()).filter((h) => h !== '');
  const bad = allowedHosts.find((h) => !/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(h));
  if (bad !== undefined) throw new ConfigError(`ALLOWED_HOSTS: "${bad}" is not a host name (comma-separated names, no port or scheme)`);
  return { publicUrl, allowedHosts };
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
