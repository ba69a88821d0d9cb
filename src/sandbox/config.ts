import type { ArrayErrorShape } from '../contract/drf-errors.ts';
import { DEFAULT_POOL_SIZE } from '../db/store-db-postgres.ts';
import { isDatabaseUrl } from '../db/store-open.ts';
import { DEFAULT_TOKEN } from './auth.ts';

// docs/decisions.md D8 and D15: the sandbox's own settings (its tokens, its database, its error
// shape), read by the process that embeds it (src/server/main.ts).

export const DEFAULT_DB = '.data/sandbox';

export interface SandboxConfig {
  /** A data directory, ':memory:', or (SANDBOX_DATABASE_URL) a postgres:// URL. */
  db: string;
  /** Connections to a PostgreSQL server this process keeps at most (SANDBOX_DATABASE_POOL). */
  poolSize: number;
  tokens: string[];
  /** True when no SANDBOX_TOKENS was given: only then may the token be printed. */
  defaultToken: boolean;
  arrayErrors: ArrayErrorShape;
}

/** Where the embedding server puts the sandbox: what its token rules depend on. */
export interface SandboxPlacement {
  /** The host it listens on when that is beyond this machine; undefined on loopback. */
  exposedHost: string | undefined;
  /** The server forwards to a real Order Service: the sandbox's routes are off, the tokens are the service's. */
  proxied: boolean;
}

export class SandboxConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxConfigError';
  }
}

export const MIN_TOKEN_LENGTH = 32;
const MIN_DISTINCT_CHARACTERS = 10;

function readStore(env: Readonly<Record<string, string | undefined>>): { db: string; poolSize: number } {
  const url = env['SANDBOX_DATABASE_URL']?.trim() || undefined;
  const dir = env['SANDBOX_DB']?.trim() || undefined;
  const poolText = env['SANDBOX_DATABASE_POOL']?.trim() || String(DEFAULT_POOL_SIZE);
  if (!/^[0-9]{1,3}$/.test(poolText) || Number(poolText) < 1 || Number(poolText) > 100) {
    throw new SandboxConfigError(`SANDBOX_DATABASE_POOL must be a number of connections (1-100), got "${poolText}"`);
  }
  if (url === undefined) return { db: dir ?? DEFAULT_DB, poolSize: Number(poolText) };
  if (dir !== undefined) throw new SandboxConfigError('set SANDBOX_DB (an embedded database) or SANDBOX_DATABASE_URL (a PostgreSQL server), not both');
  if (!isDatabaseUrl(url)) throw new SandboxConfigError('SANDBOX_DATABASE_URL must be a postgres:// (or postgresql://) URL');
  return { db: url, poolSize: Number(poolText) };
}

export function readSandboxConfig(env: Readonly<Record<string, string | undefined>>, placement: SandboxPlacement): SandboxConfig {
  const tokensText = env['SANDBOX_TOKENS'];
  const tokens = tokensText === undefined ? [DEFAULT_TOKEN] : tokensText.split(',').map((t) => t.trim()).filter((t) => t !== '');
  if (tokens.length === 0) throw new SandboxConfigError('SANDBOX_TOKENS is set but names no token (comma-separated list expected)');
  if (tokens.some((t) => /\s/.test(t))) throw new SandboxConfigError('SANDBOX_TOKENS: a token must not contain spaces');
  const shapeText = env['SANDBOX_ARRAY_ERRORS']?.trim() || 'list';
  if (shapeText !== 'list' && shapeText !== 'index') {
    throw new SandboxConfigError(`SANDBOX_ARRAY_ERRORS must be "list" or "index", got "${shapeText}"`);
  }
  const { exposedHost, proxied } = placement;
  // The development token is public: a sandbox others can reach needs tokens of its own (D8). Behind
  // a proxy the sandbox routes are off and tokens are the real service's.
  if (tokensText === undefined && !proxied && exposedHost !== undefined) {
    throw new SandboxConfigError(`HOST=${exposedHost} listens beyond this machine: set SANDBOX_TOKENS to tokens of your own (the development token ${DEFAULT_TOKEN} is public)`);
  }
  // A token others can reach must not be guessable. Length and a spread of characters are what can
  // be checked; the README's generator gives 48 random hex digits.
  const weak = tokens.find((t) => t.length < MIN_TOKEN_LENGTH || new Set(t).size < MIN_DISTINCT_CHARACTERS);
  if (!proxied && exposedHost !== undefined && weak !== undefined) {
    throw new SandboxConfigError(
      `HOST=${exposedHost} listens beyond this machine: every SANDBOX_TOKENS token must be at least ${MIN_TOKEN_LENGTH} random characters (one is ${weak.length} long); generate one with: openssl rand -hex 24`,
    );
  }
  return { ...readStore(env), tokens, defaultToken: tokensText === undefined, arrayErrors: shapeText };
}
